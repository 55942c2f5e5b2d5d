/**
 * Code a page is likely to need next (a dialog, the phone menu, the next page), fetched while the
 * page is idle but not run: `<link rel="modulepreload">` downloads and compiles a module and leaves
 * its evaluation to the first real use. Importing it instead ran it at once: the auth forms' zod
 * schemas alone were a 50–70 ms task at Lighthouse's 4× CPU, right after the page had hydrated,
 * where a first tap would wait behind it (ADR 022, session 12 addendum).
 *
 * The build (client/vite.config.ts) writes each name's chunks, those the first load has not already
 * fetched, into index.html as JSON (`#__WARM_UP__`). The dev server has no chunks: nothing to fetch.
 */
export const WARM_UP_SOURCES = {
  dialog: 'src/components/ui/dialog.tsx',
  sheet: 'src/components/ui/sheet.tsx',
  'auth-dialog': 'src/features/auth/components/auth-dialog-body.tsx',
  'theme-menu': 'src/components/layout/theme-menu.tsx',
  browse: 'src/pages/browse-page.tsx',
  search: 'src/pages/search-page.tsx',
} as const;
export type WarmUp = keyof typeof WARM_UP_SOURCES;
export const WARM_UP_ELEMENT_ID = '__WARM_UP__';

let chunksByName: Partial<Record<WarmUp, string[]>> | undefined;
const fetched = new Set<string>();

/** Fetches the named code without running it; each chunk once, all in one insertion into `<head>`. */
export function warmUp(...names: WarmUp[]): void {
  chunksByName ??= JSON.parse(document.getElementById(WARM_UP_ELEMENT_ID)?.textContent || '{}');
  // What the page's own imports have asked for already (Vite's preload links, absolute addresses).
  const asked = new Set(
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => link.href),
  );
  const links = document.createDocumentFragment();
  for (const name of names) {
    for (const href of chunksByName?.[name] ?? []) {
      if (fetched.has(href) || asked.has(new URL(href, document.baseURI).href)) continue;
      fetched.add(href);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
  }
  if (links.hasChildNodes()) document.head.append(links);
}
