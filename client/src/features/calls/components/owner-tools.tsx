import { CircleCheck, CircleX, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorText } from '#client/features/auth/api.ts';
import type { Call } from '#common/schemas/calls';
import { useCloseCall } from '../api.ts';

/** The owner's tools while the call is open: edit it, close it, or close it as filled. */
export function OwnerTools({ call }: { call: Call }) {
  const close = useCloseCall(call.id);
  const [closing, setClosing] = useState<'closed' | 'filled' | null>(null);
  if (call.status !== 'open') return null;
  const filled = closing === 'filled';
  return (
    <div className="flex flex-col gap-2">
      <Link to={`/calls/${call.id}/edit`} className={buttonVariants({ variant: 'outline' })}>
        <Pencil aria-hidden="true" />
        Edit call
      </Link>
      <Button variant="outline" onClick={() => setClosing('filled')}>
        <CircleCheck aria-hidden="true" />
        Mark filled
      </Button>
      <Button
        variant="ghost"
        className="hover:text-red-700 dark:hover:text-red-400"
        onClick={() => setClosing('closed')}
      >
        <CircleX aria-hidden="true" />
        Close call
      </Button>
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => !open && setClosing(null)}
        title={filled ? 'Mark this call filled?' : 'Close this call?'}
        description={
          filled
            ? 'It leaves the list of open calls and takes no more applications. Applicants and bookings stay as they are.'
            : 'It leaves the list of open calls and takes no more applications. This cannot be undone.'
        }
        confirmLabel={filled ? 'Mark filled' : 'Close call'}
        pendingLabel="Closing…"
        pending={close.isPending}
        destructive={!filled}
        onConfirm={() =>
          close.mutate(filled, {
            onSuccess: () => toast({ title: filled ? 'Call marked filled' : 'Call closed' }),
            onError: (error) =>
              toast({
                title: 'Not closed',
                description: errorText(error, 'Please try again.'),
                variant: 'destructive',
              }),
            onSettled: () => setClosing(null),
          })
        }
      />
    </div>
  );
}
