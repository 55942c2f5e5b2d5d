import { queryOptions, useQuery } from '@tanstack/react-query';

export interface BundleChunk {
  name: string;
  /** entry, or loaded with it (initial), or only when a page needs it (lazy, shared), or a font/image. */
  kind: 'entry' | 'initial' | 'lazy' | 'shared' | 'asset';
  file: string;
  bytes: number;
  gzip: number;
  css: { file: string; bytes: number; gzip: number }[];
}

/** Written by the build (client/vite.config.ts, from Vite's manifest): every chunk's real size. */
export const bundleReportQuery = queryOptions<{ builtAt: string; chunks: BundleChunk[] }>({
  queryKey: ['bundle-report'],
  queryFn: async ({ signal }) => {
    const response = await fetch('/bundle-report.json', { signal, cache: 'no-cache' });
    if (!response.ok) throw new Error(`No bundle report (${response.status}): run npm run build`);
    return response.json();
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export function useBundleReport() {
  return useQuery(bundleReportQuery);
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${bytes} B`;
}
