import { Flag, Heart, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { type Ref, useId } from 'react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { RatingStars } from '#client/components/rating-stars.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatShortDate } from '#client/lib/format.ts';
import { personName } from '#common/people';
import {
  canDeleteReview,
  canReport,
  editDecision,
  isReviewAuthor,
  isReviewSubject,
  type ReviewViewer,
  thankDecision,
} from '#common/policies/reviews';
import type { Review } from '#common/schemas/reviews';

export const reviewElementId = (reviewId: number) => `review-${reviewId}`;

export interface ReviewActions {
  onThank?: ((review: Review) => void) | undefined;
  thanking?: boolean;
  onReport?: ((review: Review) => void) | undefined;
  onEdit?: ((review: Review) => void) | undefined;
  onDelete?: ((review: Review) => void) | undefined;
}

/**
 * One review: who wrote it (linked), the stars, what they wrote and on which production, whether the
 * two really worked together, and what the viewer may do with it. `highlighted` marks the review a
 * `?review=` link points at.
 */
export function ReviewCard({
  review,
  viewer,
  subjectName,
  highlighted = false,
  ref,
  actions,
}: {
  review: Review;
  viewer: ReviewViewer | null;
  subjectName: string;
  highlighted?: boolean;
  ref?: Ref<HTMLElement>;
  actions: ReviewActions;
}) {
  const headingId = useId();
  const reviewerName = personName(review.reviewer);
  const facts = { reviewerId: review.reviewer.id, subjectId: review.subjectId, hidden: review.hidden };
  const isAuthor = isReviewAuthor(viewer, facts);
  const isSubject = isReviewSubject(viewer, facts);
  // The buttons the server's reviews policy allows.
  const may: Permissions = {
    thank: thankDecision(viewer, { ...facts, thanked: review.thankedAt !== null }).ok,
    edit: viewer !== null && editDecision(viewer, facts).ok,
    delete: canDeleteReview(viewer, facts),
    report: canReport(viewer, facts),
  };
  return (
    <article
      ref={ref}
      id={reviewElementId(review.id)}
      aria-labelledby={headingId}
      tabIndex={highlighted ? -1 : undefined}
      data-highlighted={highlighted || undefined}
      className={cn(
        'flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-border bg-card p-5 transition-shadow sm:p-6',
        highlighted &&
          'border-brand bg-amber-50/50 shadow-[0_0_0_3px_rgba(245,158,11,0.35)] focus-visible:outline-none dark:bg-amber-950/20',
      )}
    >
      <header className="flex items-start gap-3">
        <Avatar user={review.reviewer} size={44} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={headingId} className="min-w-0 font-semibold leading-tight">
            <span className="sr-only">Review by </span>
            {review.reviewer.formerMember ? (
              // The author deleted their account (ADR 026): their words stay, no name and no link.
              <span className="break-words text-muted-foreground">{reviewerName}</span>
            ) : (
              <Link
                to={`/profile/${review.reviewer.id}`}
                className="break-words underline-offset-4 hover:underline"
              >
                {reviewerName}
              </Link>
            )}
            {isAuthor ? <span className="ml-2 text-xs font-medium text-muted-foreground">(you)</span> : null}
          </h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={review.createdAt}>{formatShortDate(new Date(review.createdAt))}</time>
            {review.editedAt ? (
              <>
                {' · '}
                <span title={`Edited ${formatShortDate(new Date(review.editedAt))}`}>Edited</span>
              </>
            ) : null}
          </p>
        </div>
        <RatingStars average={review.rating} count={1} starsOnly className="shrink-0 pt-0.5" />
      </header>

      {review.projectName || review.role || review.verifiedCollaboration ? (
        <ul className="flex flex-wrap items-center gap-2 text-xs">
          {review.verifiedCollaboration ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 font-medium text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-300 dark:ring-emerald-900">
              <ShieldCheck aria-hidden="true" className="size-3.5" />
              Verified collaboration
            </li>
          ) : null}
          {review.projectName ? (
            <li className="rounded-full bg-muted px-2.5 py-1 text-foreground/80">
              <span className="sr-only">Project: </span>
              {review.projectName}
            </li>
          ) : null}
          {review.role ? (
            <li className="rounded-full bg-muted px-2.5 py-1 text-foreground/80">
              <span className="sr-only">Role: </span>
              {review.role.name}
            </li>
          ) : null}
        </ul>
      ) : null}

      <p className="max-w-prose whitespace-pre-line break-words text-sm leading-6 text-foreground/90">
        {review.text}
      </p>

      {review.hidden ? (
        <p className="text-xs font-medium text-amber-800 dark:text-amber-300">
          Hidden by a moderator: only you can see this review.
        </p>
      ) : null}

      <ReviewFooter
        review={review}
        isAuthor={isAuthor}
        isSubject={isSubject}
        may={may}
        reviewerName={reviewerName}
        subjectName={subjectName}
        actions={actions}
      />
    </article>
  );
}

type Permissions = Record<'thank' | 'edit' | 'delete' | 'report', boolean>;

function ReviewFooter({
  review,
  isAuthor,
  isSubject,
  may,
  reviewerName,
  subjectName,
  actions,
}: {
  review: Review;
  isAuthor: boolean;
  isSubject: boolean;
  may: Permissions;
  reviewerName: string;
  subjectName: string;
  actions: ReviewActions;
}) {
  const thanked = review.thankedAt !== null;
  const report = may.report && actions.onReport;
  if (!thanked && !isSubject && !isAuthor && !report) return null;
  return (
    <div className="-mx-1 flex flex-wrap items-center gap-1 border-t border-border pt-3">
      {may.thank && actions.onThank ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => actions.onThank?.(review)}
          disabled={actions.thanking}
          aria-label={`Thank ${reviewerName} for this review`}
        >
          <Heart aria-hidden="true" />
          {actions.thanking ? 'Thanking...' : 'Thank'}
        </Button>
      ) : null}
      {thanked ? (
        <span className="inline-flex h-8 items-center gap-1.5 px-2 text-xs font-medium text-rose-700 dark:text-rose-300">
          <Heart aria-hidden="true" className="size-4 fill-current" />
          {isSubject ? 'Thanked' : `${subjectName} thanked ${isAuthor ? 'you' : 'the reviewer'}`}
        </span>
      ) : null}
      <span className="flex-1" />
      {may.edit && actions.onEdit ? (
        <Button variant="ghost" size="sm" onClick={() => actions.onEdit?.(review)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      {may.delete && actions.onDelete ? (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
          onClick={() => actions.onDelete?.(review)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      ) : null}
      {report ? (
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground"
          onClick={() => actions.onReport?.(review)}
          aria-label={`Report the review by ${reviewerName}`}
        >
          <Flag aria-hidden="true" />
          Report
        </Button>
      ) : null}
    </div>
  );
}
