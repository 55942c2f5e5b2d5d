import type { ReactNode } from 'react';

/** The heading block every site page starts with, in the legal pages' measure and rhythm. */
export function PageIntro({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-10 border-b border-border pb-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{summary}</p>
      {children}
    </header>
  );
}
