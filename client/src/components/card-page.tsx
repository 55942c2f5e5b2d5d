import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A page that is one card: an icon, a heading, a line on what the page does, then its content. */
export function CardPage({
  icon: Icon,
  title,
  lead,
  children,
}: {
  icon: LucideIcon;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1.5 mb-6 text-sm text-muted-foreground">{lead}</p>
        {children}
      </div>
    </div>
  );
}
