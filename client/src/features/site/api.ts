import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiSend } from '#client/lib/http.ts';
import type { BlogPost, BlogPostSummary, ContactRequest } from '#common/schemas/site';

export const blogListQuery = queryOptions<{ posts: BlogPostSummary[] }>({ queryKey: ['/api/blog'] });
export const blogPostQuery = (slug: string) => queryOptions<BlogPost>({ queryKey: [`/api/blog/${slug}`] });

export function useBlogPosts() {
  return useQuery(blogListQuery);
}

export function useBlogPost(slug: string) {
  return useQuery(blogPostQuery(slug));
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (form: ContactRequest) => apiSend<{ message: string }>('POST', '/api/contact', form),
  });
}
