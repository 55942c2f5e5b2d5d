import { Spinner } from '#client/components/ui/spinner.tsx';
import { type BundleChunk, formatBytes, useBundleReport } from '../api.ts';

const KIND_LABEL: Record<BundleChunk['kind'], string> = {
  entry: 'Entry',
  initial: 'With the entry',
  lazy: 'Lazy route',
  shared: 'Shared by lazy routes',
  asset: 'Font or image',
};

/** The build's chunks, biggest first, with the totals a first visit downloads. */
export function BundleTable({ limit }: { limit?: number }) {
  const { data, isPending, error } = useBundleReport();
  if (isPending) return <Spinner />;
  if (error) return <p role="alert">{error.message}</p>;
  const chunks = [...data.chunks].sort((a, b) => b.gzip - a.gzip);
  const first = chunks.filter((c) => c.kind === 'entry' || c.kind === 'initial');
  const firstGzip = first.reduce((sum, c) => sum + c.gzip + c.css.reduce((s, css) => s + css.gzip, 0), 0);
  const allGzip = chunks.filter((c) => c.kind !== 'asset').reduce((sum, c) => sum + c.gzip, 0);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat label="First load, JS + CSS (gzip)" value={formatBytes(firstGzip)} />
        <Stat label="All JavaScript (gzip)" value={formatBytes(allGzip)} />
        <Stat label="JavaScript chunks" value={String(chunks.filter((c) => c.kind !== 'asset').length)} />
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Chunks of the build {data.builtAt}, biggest first</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Source
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Kind
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Size
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Gzip
              </th>
            </tr>
          </thead>
          <tbody>
            {chunks.slice(0, limit).map((chunk) => (
              <tr key={chunk.file} className="border-t border-border">
                <td className="max-w-[16rem] truncate py-2 pr-4 font-mono text-xs" title={chunk.file}>
                  {chunk.name}
                </td>
                <td className="py-2 pr-4">{KIND_LABEL[chunk.kind]}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatBytes(chunk.bytes)}</td>
                <td className="py-2 text-right tabular-nums">{formatBytes(chunk.gzip)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">Built {new Date(data.builtAt).toLocaleString('en-GB')}.</p>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
