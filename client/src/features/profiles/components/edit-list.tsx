import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { cn } from '#client/lib/cn.ts';
import { type EditFailure, toastFailure, toastSuccess } from './edit-feedback.ts';

/** `items` with the one at `index` moved one place up (-1) or down (+1). */
export function moved<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const next = [...items];
  const target = index + delta;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/**
 * One entry of an editable list: its text, then Move up / Move down (when the list can be ordered),
 * Edit and Delete. The end buttons stay focusable at the ends of the list (aria-disabled) so the
 * keyboard focus never drops to the page when an item reaches the top or the bottom.
 */
export function EditListItem({
  label,
  children,
  index,
  count,
  onMove,
  onEdit,
  onDelete,
  media,
}: {
  /** The item's name, for the buttons' accessible names. */
  label: string;
  children: ReactNode;
  index: number;
  count: number;
  onMove?: (delta: -1 | 1) => void;
  onEdit?: () => void;
  onDelete: () => void;
  media?: ReactNode;
}) {
  const first = index === 0;
  const last = index === count - 1;
  return (
    <li className="flex flex-col gap-1 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        {media}
        <div className="min-w-0 flex-1">{children}</div>
      </div>
      <div className="flex shrink-0 items-center gap-1 self-end sm:self-center">
        {onMove && count > 1 ? (
          <>
            <IconButton label={`Move “${label}” up`} disabled={first} onClick={() => onMove(-1)}>
              <ArrowUp />
            </IconButton>
            <IconButton label={`Move “${label}” down`} disabled={last} onClick={() => onMove(1)}>
              <ArrowDown />
            </IconButton>
          </>
        ) : null}
        {onEdit ? (
          <IconButton label={`Edit “${label}”`} onClick={onEdit}>
            <Pencil />
          </IconButton>
        ) : null}
        <IconButton label={`Delete “${label}”`} onClick={onDelete} danger>
          <Trash2 />
        </IconButton>
      </div>
    </li>
  );
}

function IconButton({
  label,
  disabled = false,
  danger = false,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className={cn(
        'size-9 text-muted-foreground hover:text-foreground',
        disabled && 'cursor-default opacity-40 hover:bg-transparent hover:text-muted-foreground',
        danger &&
          !disabled &&
          'hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/40 dark:hover:text-red-400',
      )}
    >
      {children}
    </Button>
  );
}

/** The delete confirmation every edit list shares: confirm, delete by id, toast, close. */
export function DeleteItemDialog<T extends { id: number }>({
  item,
  onClose,
  title,
  describe,
  remove,
  deletedTitle,
  failure,
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  describe: (item: T) => string;
  remove: {
    isPending: boolean;
    mutate: (
      id: number,
      callbacks: { onSuccess: () => void; onError: () => void; onSettled: () => void },
    ) => void;
  };
  deletedTitle: string;
  failure: EditFailure;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={item ? describe(item) : ''}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      destructive
      onConfirm={() => {
        if (!item) return;
        remove.mutate(item.id, {
          onSuccess: () => toastSuccess(deletedTitle),
          onError: () => toastFailure(failure),
          onSettled: onClose,
        });
      }}
    />
  );
}
