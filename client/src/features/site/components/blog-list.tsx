import { Link } from 'react-router';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useBlogPosts } from '../api.ts';
import { ErrorBox } from './error-box.tsx';
import { formatPostDate } from './post-date.ts';

export function BlogList() {
  const { data, isPending, isError, refetch } = useBlogPosts();
  if (isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (isError) return <ErrorBox message="The posts could not be loaded." onRetry={() => void refetch()} />;
  if (data.posts.length === 0)
    return <p className="text-muted-foreground">No posts yet. The first one is on its way.</p>;
  return (
    <ul className="flex flex-col gap-6">
      {data.posts.map((post) => (
        <li key={post.slug}>
          <article className="rounded-xl border border-border bg-card p-6 transition hover:border-ring">
            <p className="text-sm text-muted-foreground">
              <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readingMinutes} min read
            </p>
            <h2 className="mt-2 text-xl font-semibold">
              <Link to={`/blog/${post.slug}`} className="hover:underline">
                {post.title}
              </Link>
            </h2>
            <p className="mt-2 text-muted-foreground">{post.summary}</p>
            <p className="mt-3 text-sm font-medium">{post.author}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
