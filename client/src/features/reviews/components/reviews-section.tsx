import { Star } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { ErrorState } from '#client/components/state-message.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { lazyOverlay } from '#client/components/ui/lazy-overlays.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useViewerFact } from '#client/features/auth/api.ts';
import { cn } from '#client/lib/cn.ts';
import { formatCount } from '#client/lib/format.ts';
import type { ReviewViewer } from '#common/policies/reviews';
import type { AuthUser } from '#common/schemas/auth';
import type { Review, ReviewListResponse } from '#common/schemas/reviews';
import { useDeleteReview, useReviewList, useThankReview } from '../api.ts';
import { LinkedReview } from './linked-review.tsx';
import { RatingSummary } from './rating-summary.tsx';
import { type ReviewActions, ReviewCard } from './review-card.tsx';
import { reviewToasts } from './review-feedback.ts';
import type { ReviewSubject } from './review-form-dialog.tsx';
import { ReviewPager, SortSelect, UpgradePrompt } from './review-list-controls.tsx';
import { ScrollTarget } from './scroll-target.tsx';
import { useReviewParams } from './use-review-params.ts';
import { WriteReviewButton } from './write-review-button.tsx';

// The two forms (react-hook-form and the shared zod schemas) load when first opened, not with the profile.
const ReviewFormDialog = lazyOverlay(
  () => import('./review-form-dialog.tsx').then((module) => module.ReviewFormDialog),
  (props) => props.open,
);
const ReportDialog = lazyOverlay(
  () => import('./report-dialog.tsx').then((module) => module.ReportDialog),
  (props) => props.review !== null,
);

/** What the reviews policy reads of the viewer (the query keeps it the same object while it is unchanged). */
const reviewViewerOf = (user: AuthUser | null): ReviewViewer | null =>
  user && { id: user.id, role: user.role, isSubscribed: user.isSubscribed };

/**
 * The profile's Reviews tab. `id="reviews-section"` is the target of the 'reviews' tooltip (SPEC §2).
 * Anyone sees the aggregate and the newest reviews; Premium members (and the person reviewed) can
 * sort and page through all of them; the rest see how many are held back and how to read them.
 */
export function ReviewsSection({ subject, isOwner }: { subject: ReviewSubject; isOwner: boolean }) {
  // One fact, so the session check answering "signed out" after hydration renders nothing again.
  const viewer = useViewerFact(reviewViewerOf);
  const { sort, page, linkedReviewId, setSort, setPage } = useReviewParams();
  const list = useReviewList(subject.id, { sort, page });
  const [writing, setWriting] = useState<{ review: Review | null } | null>(null);
  const [reporting, setReporting] = useState<Review | null>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const thank = useThankReview(subject.id);
  const remove = useDeleteReview(subject.id, subject.ratingQueryKey);
  const top = useRef<HTMLElement>(null);

  const myReview = list.data?.myReview ?? null;
  const actions: ReviewActions = {
    onThank: (review) =>
      thank.mutate(review.id, { onSuccess: reviewToasts.thanked, onError: reviewToasts.thankFailed }),
    onReport: setReporting,
    onEdit: (review) => setWriting({ review }),
    onDelete: setDeleting,
  };
  const thankingId = thank.isPending ? thank.variables : null;
  const changePage = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section ref={top} id="reviews-section" aria-labelledby="reviews-heading" className="scroll-mt-20">
      <h2 id="reviews-heading" className="sr-only">
        Reviews
      </h2>
      {list.isPending ? (
        <ReviewsSkeleton />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <ReviewsBody
          data={list.data}
          stale={list.isPlaceholderData}
          subject={subject}
          isOwner={isOwner}
          viewer={viewer}
          linkedReviewId={linkedReviewId}
          actions={actions}
          thankingId={thankingId ?? null}
          writeButton={
            isOwner ? null : (
              <WriteReviewButton myReview={myReview} onWrite={() => setWriting({ review: myReview })} />
            )
          }
          onSort={setSort}
          onPage={changePage}
        />
      )}

      <ReviewFormDialog
        subject={subject}
        review={writing?.review ?? null}
        open={writing !== null}
        onOpenChange={(open) => !open && setWriting(null)}
        onEditExisting={() => {
          void list.refetch().then(({ data }) => setWriting({ review: data?.myReview ?? null }));
        }}
      />
      <ReportDialog review={reporting} onClose={() => setReporting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete your review?"
        description={`Your review of ${subject.name} will be removed and their rating recalculated. This cannot be undone.`}
        confirmLabel="Delete review"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: reviewToasts.deleted,
            onError: reviewToasts.deleteFailed,
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </section>
  );
}

function ReviewsBody({
  data,
  stale,
  subject,
  isOwner,
  viewer,
  linkedReviewId,
  actions,
  thankingId,
  writeButton,
  onSort,
  onPage,
}: {
  data: ReviewListResponse;
  stale: boolean;
  subject: ReviewSubject;
  isOwner: boolean;
  viewer: ReviewViewer | null;
  linkedReviewId: number | null;
  actions: ReviewActions;
  thankingId: number | null;
  writeButton: ReactNode;
  onSort: Parameters<typeof SortSelect>[0]['onChange'];
  onPage: (page: number) => void;
}) {
  const { summary, reviews, total, hiddenCount, pageSize, fullAccess } = data;
  if (summary.count === 0 && !data.myReview) {
    return <NoReviews name={subject.name} isOwner={isOwner} action={writeButton} />;
  }
  const linkedInList = linkedReviewId !== null && reviews.some((review) => review.id === linkedReviewId);
  const card = (review: Review, highlighted: boolean) => (
    <ReviewCard
      review={review}
      viewer={viewer}
      subjectName={subject.name}
      highlighted={highlighted}
      actions={{ ...actions, thanking: thankingId === review.id }}
    />
  );
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <RatingSummary summary={summary} action={writeButton} />
      {linkedReviewId !== null && !linkedInList ? (
        <LinkedReview reviewId={linkedReviewId} renderCard={(review) => card(review, true)} />
      ) : null}
      {reviews.length > 0 ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              {fullAccess
                ? `${formatCount(total)} ${total === 1 ? 'review' : 'reviews'}`
                : `The newest ${reviews.length} of ${formatCount(total)} ${total === 1 ? 'review' : 'reviews'}`}
            </p>
            {fullAccess && total > 1 ? <SortSelect value={data.sort} onChange={onSort} /> : null}
          </div>
          <ol
            aria-label={`Reviews of ${subject.name}`}
            aria-busy={stale || undefined}
            className={cn('flex flex-col gap-4 transition-opacity', stale && 'opacity-60')}
          >
            {reviews.map((review) => (
              <li key={review.id}>
                <ScrollTarget active={review.id === linkedReviewId}>
                  {card(review, review.id === linkedReviewId)}
                </ScrollTarget>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {fullAccess ? (
        <ReviewPager page={data.page} pageCount={Math.ceil(total / pageSize)} onPage={onPage} />
      ) : null}
      {hiddenCount > 0 ? <UpgradePrompt hiddenCount={hiddenCount} name={subject.name} /> : null}
    </div>
  );
}

function NoReviews({ name, isOwner, action }: { name: string; isOwner: boolean; action: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border px-6 py-14 text-center">
      <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Star aria-hidden="true" className="size-6" />
      </span>
      <p className="font-semibold">No reviews yet</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        {isOwner
          ? 'Reviews from people you have worked with on set will appear here.'
          : `Worked with ${name}? Be the first to say how it went.`}
      </p>
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

function ReviewsSkeleton() {
  return (
    <div aria-busy="true" className="flex max-w-4xl flex-col gap-6">
      <span role="status" className="sr-only">
        Loading reviews...
      </span>
      <Skeleton className="h-48 rounded-2xl" />
      <Skeleton className="h-40 rounded-2xl" />
      <Skeleton className="h-40 rounded-2xl" />
    </div>
  );
}
