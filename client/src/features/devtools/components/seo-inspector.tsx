import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

const PAGES = ['/', '/search', '/browse', '/about', '/blog', '/faq', '/contact', '/careers', '/spinner-demo'];

interface SeoFacts {
  tags: { name: string; value: string }[];
  inSitemap: boolean;
  disallowedBy: string | null;
}

/** What a crawler gets for a path without running JavaScript: the HTML's tags, sitemap.xml, robots.txt. */
async function inspect(path: string, signal: AbortSignal): Promise<SeoFacts> {
  const [html, sitemap, robots] = await Promise.all(
    [path, '/sitemap.xml', '/robots.txt'].map((url) =>
      fetch(url, { signal }).then((r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status}`);
        return r.text();
      }),
    ),
  );
  const doc = new DOMParser().parseFromString(html ?? '', 'text/html');
  const tags = [
    { name: '<title>', value: doc.title },
    ...[...doc.querySelectorAll('meta[name], meta[property]')].map((meta) => ({
      name: `meta ${meta.getAttribute('name') ?? meta.getAttribute('property')}`,
      value: meta.getAttribute('content') ?? '',
    })),
    ...[...doc.querySelectorAll('link[rel]')].map((link) => ({
      name: `link ${link.getAttribute('rel')}`,
      value: link.getAttribute('href') ?? '',
    })),
  ];
  const locs = [
    ...new DOMParser().parseFromString(sitemap ?? '', 'application/xml').querySelectorAll('loc'),
  ].map((loc) => new URL(loc.textContent ?? '').pathname);
  const disallowedBy =
    (robots ?? '')
      .split('\n')
      .map((line) => /^Disallow:\s*(\S+)/.exec(line)?.[1])
      .find((prefix) => prefix && path.startsWith(prefix)) ?? null;
  return { tags, inSitemap: locs.includes(path), disallowedBy };
}

export function SeoInspector() {
  const [path, setPath] = useState('/');
  const selectId = useId();
  const { data, isPending, error } = useQuery({
    queryKey: ['seo-inspect', path],
    queryFn: ({ signal }) => inspect(path, signal),
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:max-w-xs">
        <Label htmlFor={selectId}>Page</Label>
        <select
          id={selectId}
          value={path}
          onChange={(event) => setPath(event.target.value)}
          className="h-10 rounded-lg border border-border bg-background px-3 text-sm"
        >
          {PAGES.map((page) => (
            <option key={page}>{page}</option>
          ))}
        </select>
      </div>
      {isPending ? <Spinner /> : null}
      {error ? <p role="alert">{error.message}</p> : null}
      {data ? (
        <>
          <p className="text-sm">
            In sitemap.xml: <strong>{data.inSitemap ? 'yes' : 'no'}</strong> · robots.txt:{' '}
            <strong>{data.disallowedBy ? `disallowed by ${data.disallowedBy}` : 'allowed'}</strong>
          </p>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
            {data.tags.map((tag) => (
              <div key={`${tag.name}${tag.value}`} className="contents">
                <dt className="font-mono text-xs text-muted-foreground">{tag.name}</dt>
                <dd className="break-words">{tag.value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted-foreground">
            Each page then sets its own title as it renders, and developer pages add a robots noindex tag.
          </p>
        </>
      ) : null}
    </div>
  );
}
