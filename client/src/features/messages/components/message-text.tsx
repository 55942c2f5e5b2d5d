/** http(s) links in a message, made clickable; everything else stays text (never HTML). */
const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

export function MessageText({ body }: { body: string }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const match of body.matchAll(LINK)) {
    const start = match.index ?? 0;
    if (start > at) parts.push(body.slice(at, start));
    parts.push(
      <a
        key={start}
        href={match[0]}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="break-all underline underline-offset-2"
      >
        {match[0]}
      </a>,
    );
    at = start + match[0].length;
  }
  if (at < body.length) parts.push(body.slice(at));
  return <p className="whitespace-pre-wrap break-words">{parts}</p>;
}
