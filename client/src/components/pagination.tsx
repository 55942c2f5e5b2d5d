import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

/** Previous/next page links; `hrefFor` keeps the rest of the URL state. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const linkClass = buttonVariants({ variant: 'outline', size: 'sm' });
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          <ChevronLeft aria-hidden="true" /> Previous
        </Link>
      ) : (
        <span
          className={cn(linkClass, 'pointer-events-none opacity-40')}
          aria-hidden="true"
          aria-disabled="true"
        >
          <ChevronLeft /> Previous
        </span>
      )}
      <p className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          Next <ChevronRight aria-hidden="true" />
        </Link>
      ) : (
        <span
          className={cn(linkClass, 'pointer-events-none opacity-40')}
          aria-hidden="true"
          aria-disabled="true"
        >
          Next <ChevronRight />
        </span>
      )}
    </nav>
  );
}
