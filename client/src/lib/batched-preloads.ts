/**
 * Runs `start`, which begins loading lazy modules, with the `<link rel="modulepreload">` elements
 * Vite's preload helper adds for their chunks collected and put into `<head>` in one insertion.
 *
 * Why: the helper inserts one link per chunk, each insertion on its own, and Chromium does a share
 * of its work per insertion. Measured at Lighthouse's 4× CPU slowdown: 40 links inserted one by one
 * take 80–115 ms of the main thread, the same 40 in one fragment 18 ms. A profile's route modules
 * need 20–50 chunks, and that time was most of the longest task after the first paint (ADR 022,
 * session 12 addendum). The helper inserts its links synchronously when an import starts, so only
 * that moment is covered; `head.appendChild` is itself again before this returns.
 */
export function withBatchedPreloads<T>(start: () => T): T {
  const head = document.head;
  const batch = document.createDocumentFragment();
  const own = Object.getOwnPropertyDescriptor(head, 'appendChild');
  head.appendChild = <N extends Node>(node: N): N => batch.appendChild(node);
  try {
    return start();
  } finally {
    if (own) Object.defineProperty(head, 'appendChild', own);
    else delete (head as { appendChild?: unknown }).appendChild;
    if (batch.hasChildNodes()) head.append(batch);
  }
}
