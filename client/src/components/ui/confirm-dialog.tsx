import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { LazyDialog } from './lazy-overlays.tsx';

/**
 * Asks before something that cannot be undone. The safe choice (Cancel) is first in the tab order and
 * Escape means Cancel; `pending` keeps the dialog open with the confirm button busy. Mounted on first
 * open: a closed Radix dialog still runs its portal's effects, which would only add work to the
 * hydration of a server-rendered page (a profile's reviews carry one).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel,
  pending = false,
  destructive = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pendingLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <LazyDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      description={description}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          className={
            destructive
              ? 'bg-red-700 text-white hover:bg-red-800 hover:opacity-100 dark:bg-red-600'
              : undefined
          }
        >
          {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
        </Button>
      </div>
    </LazyDialog>
  );
}
