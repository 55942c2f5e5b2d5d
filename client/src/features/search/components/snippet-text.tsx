import type { SnippetPart } from '#common/schemas/search';

/**
 * Where the query matched, with the matched words marked. The parts are text, rendered as text:
 * a bio is written by its owner, so nothing of it is ever parsed as HTML.
 */
export function SnippetText({ parts }: { parts: SnippetPart[] }) {
  return (
    <p className="line-clamp-2 text-sm text-muted-foreground">
      {parts.map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence of one snippet
          <mark key={index} className="rounded-sm bg-accent px-0.5 font-medium text-accent-foreground">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence of one snippet
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
