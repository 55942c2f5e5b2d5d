import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import { FAQ, type FaqEntry } from '../content.ts';

/** FAQPage structured data (schema.org) for search engines; a data block, never executed. */
function faqJsonLd(entries: readonly FaqEntry[]): string {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  }).replaceAll('<', '\\u003c');
}

const normalise = (text: string) => text.toLowerCase().normalize('NFKD');

/** Every question with its answer, filtered as you type (all the words must appear). */
export function FaqList() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const words = normalise(query).split(/\s+/).filter(Boolean);
  const matches = FAQ.filter((entry) => {
    const text = normalise(`${entry.question} ${entry.answer} ${entry.topic}`);
    return words.every((word) => text.includes(word));
  });
  const topics = [...new Set(matches.map((entry) => entry.topic))];
  const jsonLd = useMemo(() => faqJsonLd(FAQ), []);

  return (
    <div className="flex flex-col gap-8">
      <script type="application/ld+json">{jsonLd}</script>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search the questions
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search the questions, e.g. holds, invoice, delete"
          className="pl-9"
        />
      </div>
      <p role="status" className="sr-only">
        {matches.length === 1 ? '1 question' : `${matches.length} questions`}
      </p>
      {matches.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-8 text-center">
          <p className="font-medium">No question matches "{query.trim()}".</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Try another word, or ask us on the contact page: a person answers within two working days.
          </p>
        </div>
      ) : (
        topics.map((topic) => (
          <section key={topic} className="flex flex-col gap-3">
            <h2 className="text-xl font-semibold">{topic}</h2>
            {matches
              .filter((entry) => entry.topic === topic)
              .map((entry) => (
                <details
                  key={entry.question}
                  className="group rounded-xl border border-border bg-card px-4 py-3"
                >
                  <summary className="cursor-pointer list-none font-medium marker:hidden [&::-webkit-details-marker]:hidden">
                    <span className="flex items-center justify-between gap-4">
                      {entry.question}
                      <span
                        aria-hidden="true"
                        className="text-muted-foreground transition group-open:rotate-45"
                      >
                        +
                      </span>
                    </span>
                  </summary>
                  <p className="mt-3 leading-relaxed text-muted-foreground">{entry.answer}</p>
                </details>
              ))}
          </section>
        ))
      )}
    </div>
  );
}
