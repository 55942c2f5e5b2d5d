import { Star } from 'lucide-react';

/**
 * The reviews tab. `id="reviews-section"` is the target of the 'reviews' tooltip (SPEC §2). Reviews
 * are written by collaborators, so until the first one arrives this says so plainly.
 */
export function ProfileReviews({ name, isOwner }: { name: string; isOwner: boolean }) {
  return (
    <section id="reviews-section" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="sr-only">
        Reviews
      </h2>
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border px-6 py-14 text-center">
        <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Star aria-hidden="true" className="size-6" />
        </span>
        <p className="font-semibold">No reviews yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {isOwner
            ? 'Reviews from people you have worked with on set will appear here.'
            : `Reviews from collaborators who have worked with ${name} will appear here.`}
        </p>
      </div>
    </section>
  );
}
