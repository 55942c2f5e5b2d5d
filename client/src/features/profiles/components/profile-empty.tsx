import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';

/**
 * What a profile tab shows when there is nothing in it. The owner gets a way to fill it; visitors get
 * a plain statement, never a placeholder that looks like content.
 */
export function ProfileEmpty({
  icon: Icon,
  title,
  children,
  ownerAction,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Shown to the owner only: the label of a link to the edit page section. */
  ownerAction?: { label: string; to: string } | null;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border px-6 py-14 text-center">
      <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="font-semibold">{title}</p>
      {children ? <div className="max-w-sm text-sm text-muted-foreground">{children}</div> : null}
      {ownerAction ? (
        <Link
          to={ownerAction.to}
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3' })}
        >
          {ownerAction.label}
        </Link>
      ) : null}
    </div>
  );
}
