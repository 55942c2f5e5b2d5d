import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import { callQuery, useCreateCall, useUpdateCall } from '#client/features/calls/api.ts';
import { CallForm } from '#client/features/calls/components/call-form.tsx';
import { PostCallUpsell } from '#client/features/calls/components/premium-upsell.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { CALL_MESSAGES, type Call, callHref } from '#common/schemas/calls';

function PageFrame({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted-foreground">{intro}</p>
      </div>
      {children}
    </div>
  );
}

/** /calls/new (issue 36): the call form for a Premium member; the Premium prompt for anyone else. */
export default function CallNewPage() {
  useDocumentTitle('Post a crew call');
  const user = useSignedInUser();
  const create = useCreateCall();
  const navigate = useNavigate();
  return (
    <PageFrame
      title="Post a crew call"
      intro="Say what the job is, where and when, and what it pays. Crew with the role apply, and you book the one you choose."
    >
      {user.isSubscribed ? (
        <div className="rounded-2xl border border-border bg-card p-4 sm:p-6">
          <CallForm
            call={null}
            submitLabel="Post call"
            pendingLabel="Posting…"
            pending={create.isPending}
            onCancel={() => void navigate('/calls')}
            onSubmit={(values, showError) =>
              create.mutate(values, {
                onSuccess: (call) => {
                  toast({ title: 'Call posted', description: 'Crew can see it and apply now.' });
                  void navigate(callHref(call.id));
                },
                onError: showError,
              })
            }
          />
        </div>
      ) : (
        <PostCallUpsell />
      )}
    </PageFrame>
  );
}

/** /calls/:id/edit: the same form, filled in, for the owner while the call is open. */
export function CallEditPage() {
  const id = Number(useParams().id);
  const user = useSignedInUser();
  const call = useQuery({ ...callQuery(id), enabled: Number.isInteger(id) && id > 0 });
  useDocumentTitle('Edit crew call');
  const intro = 'Changes show at once to everyone who opens the call.';
  if (call.isPending) {
    return (
      <PageFrame title="Edit crew call" intro={intro}>
        <Skeleton aria-busy="true" className="h-96 rounded-2xl" />
      </PageFrame>
    );
  }
  if (call.isError)
    return (
      <PageFrame title="Edit crew call" intro={intro}>
        <ErrorState message={call.error.message} onRetry={() => void call.refetch()} />
      </PageFrame>
    );
  return (
    <PageFrame title="Edit crew call" intro={intro}>
      {call.data.poster.id !== user.id ? (
        <EmptyState title={CALL_MESSAGES.notFound} />
      ) : call.data.status !== 'open' ? (
        <EmptyState title={CALL_MESSAGES.notEditable} />
      ) : (
        <EditForm call={call.data} />
      )}
    </PageFrame>
  );
}

function EditForm({ call }: { call: Call }) {
  const update = useUpdateCall(call.id);
  const navigate = useNavigate();
  return (
    <div className="rounded-2xl border border-border bg-card p-4 sm:p-6">
      <CallForm
        call={call}
        submitLabel="Save changes"
        pendingLabel="Saving…"
        pending={update.isPending}
        onCancel={() => void navigate(callHref(call.id))}
        onSubmit={(values, showError) =>
          update.mutate(values, {
            onSuccess: () => {
              toast({ title: 'Call saved' });
              void navigate(callHref(call.id));
            },
            onError: showError,
          })
        }
      />
    </div>
  );
}
