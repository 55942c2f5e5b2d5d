import { useEffect } from 'react';

const MAX_LENGTH = 160;

/** Search engines show about 160 characters: cut at a word and mark the cut. */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_LENGTH) return flat;
  const cut = flat.slice(0, MAX_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/**
 * Sets the page's `<meta name="description">` (the one index.html ships) while the component is
 * mounted, and puts the product's own description back when it leaves. `null` leaves it alone.
 */
export function useMetaDescription(content: string | null): void {
  useEffect(() => {
    if (!content) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = summary(content);
    return () => {
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [content]);
}
