import type { ReactNode } from 'react';

/** One block of the edit page, in the layout of the account page: what it is on the left, the controls on the right. */
export function EditSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="grid scroll-mt-24 gap-6 rounded-2xl border border-border bg-card p-5 sm:p-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10"
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="mt-1 text-sm text-muted-foreground">{description}</div>
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  );
}
