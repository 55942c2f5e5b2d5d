import { useDocumentTitle } from '#client/lib/document-title.ts';
import type { LegalDocument } from '#common/content/legal';

export function LegalDocumentView({
  document: doc,
  showUpdated = true,
}: {
  document: LegalDocument;
  showUpdated?: boolean;
}) {
  useDocumentTitle(doc.title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header className="mb-10 border-b border-border pb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{doc.summary}</p>
        {showUpdated ? (
          <p className="mt-4 text-sm text-muted-foreground">
            Last updated <time dateTime={doc.updated}>{formatDate(doc.updated)}</time>
          </p>
        ) : null}
      </header>
      <div className="flex flex-col gap-8">
        {doc.sections.map((section) => (
          <section key={section.heading} className="flex flex-col gap-3">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed text-muted-foreground">
                {paragraph}
              </p>
            ))}
            {section.list ? (
              <ul className="ml-5 list-disc space-y-1.5 text-muted-foreground marker:text-brand">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}

function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
