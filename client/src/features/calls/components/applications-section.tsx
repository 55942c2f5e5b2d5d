import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, MapPin, Star, ThumbsDown } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { RatingStars } from '#client/components/rating-stars.tsx';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorText } from '#client/features/auth/api.ts';
import { formatShortDate } from '#client/lib/format.ts';
import { ApiError } from '#client/lib/http.ts';
import { personName } from '#common/people';
import { answerDecision, bookDecision, bookingDayRate } from '#common/policies/calls';
import { type Application, CALL_MESSAGES, type Call } from '#common/schemas/calls';
import { callApplicationsQuery, useAnswerApplication, useBookApplication } from '../api.ts';
import {
  callDates,
  centsFromInput,
  formatCallRate,
  formatRateAmount,
  inputFromCents,
} from '../call-format.ts';
import { ApplicationStatusBadge } from './application-status.tsx';

/**
 * The owner's applicants (id="applications", where the call_application notification leads):
 * each with their card, note and status, and Shortlist, Decline and Book while that still means
 * something. Book makes a booking request for the call's dates, role and rate.
 */
export function ApplicationsSection({ call }: { call: Call }) {
  const list = useQuery(callApplicationsQuery(call.id));
  const { hash } = useLocation();
  const loaded = list.isSuccess;
  // The notification's link lands here once the list is in: on arrival it was not yet rendered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list arrives.
  useEffect(() => {
    if (loaded && hash === '#applications') document.getElementById('applications')?.scrollIntoView();
  }, [loaded]);
  return (
    <section
      id="applications"
      aria-labelledby="applications-heading"
      className="flex scroll-mt-24 flex-col gap-4"
    >
      <h2 id="applications-heading" className="text-xl font-semibold">
        Applications{list.data ? ` (${list.data.applications.length})` : ''}
      </h2>
      {list.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span role="status" className="sr-only">
            Loading applications…
          </span>
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
        </div>
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.applications.length === 0 ? (
        <EmptyState title="No applications yet">
          {call.status === 'open'
            ? 'Crew who apply show here, newest first.'
            : 'Nobody applied to this call.'}
        </EmptyState>
      ) : (
        <ul aria-label="Applications" className="flex flex-col gap-3">
          {list.data.applications.map((application) => (
            <ApplicationCard key={application.id} call={call} application={application} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApplicationCard({ call, application }: { call: Call; application: Application }) {
  const answer = useAnswerApplication(call.id);
  const book = useBookApplication(call.id);
  const [booking, setBooking] = useState(false);
  const { applicant, status } = application;
  const name = personName(applicant);
  const canAnswer = call.status === 'open' && answerDecision(status).ok;
  const canBook = bookDecision(status).ok;
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorText(error, 'Please try again.'), variant: 'destructive' });
  return (
    <li aria-label={name} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-5">
      <div className="flex gap-3 sm:gap-4">
        <Avatar user={applicant} size={56} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="font-semibold break-words">
              <Link to={`/profile/${applicant.id}`} className="underline-offset-4 hover:underline">
                {name}
              </Link>
            </h3>
            <ApplicationStatusBadge status={status} />
            <span className="text-xs text-muted-foreground sm:ml-auto">
              Applied {formatShortDate(new Date(application.createdAt))}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {applicant.roles.length > 0 ? (
              <span className="font-medium text-foreground">
                {applicant.roles.map((role) => role.name).join(' · ')}
              </span>
            ) : null}
            {applicant.location ? (
              <span className="flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5" />
                {applicant.location}
              </span>
            ) : null}
            <RatingStars average={applicant.ratingAverage} count={applicant.ratingCount} />
          </div>
        </div>
      </div>
      {application.note ? (
        <blockquote className="rounded-lg bg-muted/60 px-3 py-2 text-sm whitespace-pre-line break-words">
          {application.note}
        </blockquote>
      ) : (
        <p className="text-sm text-muted-foreground">No note.</p>
      )}
      {application.bookingId ? (
        <Link
          to={`/bookings/${application.bookingId}`}
          className={`${buttonVariants({ variant: 'outline', size: 'sm' })} self-start`}
        >
          <CalendarCheck aria-hidden="true" />
          View booking
        </Link>
      ) : canAnswer || canBook ? (
        <div className="flex flex-wrap gap-2">
          {canAnswer && status !== 'shortlisted' ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`Shortlist ${name}`}
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { applicationId: application.id, status: 'shortlisted' },
                  {
                    onSuccess: () => toast({ title: `${name} shortlisted` }),
                    onError: failed('Not shortlisted'),
                  },
                )
              }
            >
              <Star aria-hidden="true" />
              Shortlist
            </Button>
          ) : null}
          {canBook ? (
            <Button variant="brand" size="sm" aria-label={`Book ${name}`} onClick={() => setBooking(true)}>
              <CalendarCheck aria-hidden="true" />
              Book
            </Button>
          ) : null}
          {canAnswer && status !== 'declined' ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Decline ${name}`}
              className="hover:text-red-700 dark:hover:text-red-400"
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { applicationId: application.id, status: 'declined' },
                  { onSuccess: () => toast({ title: `${name} declined` }), onError: failed('Not declined') },
                )
              }
            >
              <ThumbsDown aria-hidden="true" />
              Decline
            </Button>
          ) : null}
        </div>
      ) : null}
      <LazyDialog
        open={booking}
        onOpenChange={(next) => !book.isPending && setBooking(next)}
        title={`Book ${name}?`}
        description={`${name} gets a booking request for ${call.role.name}, ${callDates(call)}. It is a booking once they accept.`}
      >
        <BookForm
          call={call}
          pending={book.isPending}
          onCancel={() => setBooking(false)}
          onBook={(rate, showError) =>
            book.mutate(
              { applicationId: application.id, rate },
              {
                onSuccess: () => {
                  toast({
                    title: 'Booking request sent',
                    description: `${name} is asked to accept it. Open it from View booking.`,
                  });
                  setBooking(false);
                },
                onError: showError,
              },
            )
          }
        />
      </LazyDialog>
    </li>
  );
}

/**
 * What the request will ask: the day rate worked out from the call's (ADR 037), which the owner may
 * change, and must give when the call names none.
 */
function BookForm({
  call,
  pending,
  onCancel,
  onBook,
}: {
  call: Call;
  pending: boolean;
  onCancel: () => void;
  onBook: (rate: number | undefined, showError: (error: unknown) => void) => void;
}) {
  const worked = bookingDayRate(call);
  const [text, setText] = useState(inputFromCents(worked));
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const callRate = formatCallRate(call);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromInput(text);
    if (cents === null || !Number.isInteger(cents) || cents <= 0) {
      setError(cents === null ? CALL_MESSAGES.dayRateMissing : CALL_MESSAGES.ratePositive);
      return;
    }
    setError(undefined);
    setFailure(undefined);
    onBook(cents === worked ? undefined : cents, (problem) => {
      const field = problem instanceof ApiError ? problem.fields?.rate : undefined;
      if (field) setError(field);
      else setFailure(errorText(problem, 'The booking request was not sent.'));
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Role</dt>
        <dd className="font-medium">{call.role.name}</dd>
        <dt className="text-muted-foreground">Dates</dt>
        <dd className="font-medium">{callDates(call)}</dd>
        <dt className="text-muted-foreground">Call's rate</dt>
        <dd className="font-medium">{callRate ?? 'Not given'}</dd>
      </dl>
      <TextField
        label={`Day rate (${call.currency.toUpperCase()})`}
        inputMode="decimal"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint={
          worked === null
            ? undefined
            : `Worked out from the call's rate: ${formatRateAmount(worked, call.currency)} a day.`
        }
        error={error}
      />
      <FormAlert message={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="brand" disabled={pending}>
          {pending ? 'Sending…' : 'Send booking request'}
        </Button>
      </div>
    </form>
  );
}
