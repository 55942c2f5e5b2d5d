import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { ApiError } from '#client/lib/http.ts';
import { useBlogPost } from '../api.ts';
import { ErrorBox } from './error-box.tsx';
import { formatPostDate } from './post-date.ts';

/** One post. Its HTML is rendered on the server from our own Markdown (content/blog), so it is trusted. */
export function BlogArticle({ slug }: { slug: string }) {
  const { data: post, isPending, error, refetch } = useBlogPost(slug);
  useDocumentTitle(post?.title ?? 'Blog');
  const back = (
    <Link
      to="/blog"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline dark:text-brand"
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> All posts
    </Link>
  );
  if (isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        {back}
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex flex-col gap-6">
        {back}
        {error instanceof ApiError && error.status === 404 ? (
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Post not found</h1>
            <p className="mt-3 text-muted-foreground">{error.plainMessage}</p>
          </div>
        ) : (
          <ErrorBox message="This post could not be loaded." onRetry={() => void refetch()} />
        )}
      </div>
    );
  }
  return (
    <article className="flex flex-col gap-6">
      {back}
      <header className="border-b border-border pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{post.summary}</p>
        <p className="mt-4 text-sm text-muted-foreground">
          {post.author} · <time dateTime={post.date}>{formatPostDate(post.date)}</time> ·{' '}
          {post.readingMinutes} min read
        </p>
      </header>
      <div
        className="blog-body flex flex-col gap-4 leading-relaxed text-muted-foreground [&_a]:text-brand-strong [&_a]:underline [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-foreground [&_li]:ml-5 [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-1.5"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the server from the repository's own Markdown.
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
    </article>
  );
}
