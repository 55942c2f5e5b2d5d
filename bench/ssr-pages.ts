/**
 * The HTML answer of server-rendered public pages (ADR 022), against a running server:
 *   node --import tsx bench/ssr-pages.ts --url http://127.0.0.1:43520
 * 1. `/profile/10` under load (autocannon, 10 connections, 10 s): the page cache's path.
 * 2. Cold pages: each of 60 profiles asked once, one at a time (every one a cache miss), which is
 *    what rendering costs; then home, browse by role and a search, each with a fresh query string.
 * Run it once against a server with dist/server-render/ (React rendering) and once against one
 * whose CLIENT_DIST has no renderer beside it (heads-only), and compare.
 */
import autocannon from 'autocannon';
import { percentile } from './lib.ts';

const args = process.argv.slice(2);
const base = args[args.indexOf('--url') + 1] ?? 'http://127.0.0.1:43520';

async function timed(path: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br' } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - start;
}

const hot = await autocannon({
  url: `${base}/profile/10`,
  connections: 10,
  duration: 10,
  headers: { 'accept-encoding': 'br' },
});
console.log(
  `GET /profile/10 (cached): ${Math.round(hot.requests.average)} req/s, p50 ${hot.latency.p50} ms, p99 ${hot.latency.p99} ms, ${hot.non2xx} non-2xx`,
);

const cold: number[] = [];
for (let id = 20; id < 80; id++) cold.push(await timed(`/profile/${id}`));
console.log(
  `GET /profile/{id} (each once, uncached): p50 ${percentile(cold, 50).toFixed(1)} ms, p95 ${percentile(cold, 95).toFixed(1)} ms`,
);

const stamp = Date.now();
for (const path of [`/?v=${stamp}`, `/browse?role=13&v=${stamp}`, `/search?q=gaffer&v=${stamp}`]) {
  console.log(`GET ${path.replace(/[?&]v=\d+/, '')} (uncached): ${(await timed(path)).toFixed(1)} ms`);
}
