import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

/**
 * The 404 page's content: the route for an unknown address shows it, and so does a page that finds
 * what it was asked for does not exist (a profile, a staff page refused to anyone below the role).
 */
export function NotFound() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Compass aria-hidden="true" className="size-12 text-brand-strong dark:text-brand" />
      <p className="text-sm font-semibold uppercase tracking-widest text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">
        We couldn't find <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{pathname}</code>. It may
        have moved, or the link may be wrong.
      </p>
      <div className="mt-2 flex gap-3">
        <Link to="/" className={buttonVariants({ variant: 'primary' })}>
          Go Home
        </Link>
        <Link to="/browse" className={buttonVariants({ variant: 'outline' })}>
          Browse Crew
        </Link>
      </div>
    </div>
  );
}
