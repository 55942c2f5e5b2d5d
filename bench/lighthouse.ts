/**
 * Lighthouse benchmark (issue 19): the production server (built client, embedded PostgreSQL, demo
 * crew) started by this script on a private data dir and a free port, then Lighthouse's default
 * mobile config (simulated throttling: slow 4G, 4× CPU slowdown, Moto G Power viewport) in Debian's
 * Chromium on the issue's four pages, `--runs` times each, reporting each page's median run.
 * Usage: npm run build && npm run bench:lighthouse [-- --runs 3 --chrome /usr/bin/chromium
 * --only /browse --allow-sw --out DIR [--traces]]
 *
 * Lighthouse clears the origin's storage, caches and service workers before every run, so each run
 * is a first visit. The app registers its service worker after `load`, and Workbox then precaches
 * every hashed file of the build: that traffic would land in the trace and in the transferred
 * JavaScript, and a first visit paints without a worker anyway. `/sw.js` is therefore blocked
 * unless `--allow-sw` is given.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    only: { type: 'string' },
    'allow-sw': { type: 'boolean', default: false },
    out: { type: 'string' },
    // With --out: every run's trace too (trace-{page}-{run}.json), for reading the long tasks.
    traces: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const pages = ['/', '/search?q=gaffer', '/profile/10', '/browse'].filter(
  (page) => values.only === undefined || page === values.only,
);
if (pages.length === 0) throw new Error(`--only ${values.only}: not one of the benchmarked pages`);
if (!existsSync('dist/client/index.html'))
  throw new Error('dist/client is missing: run `npm run build` first');

interface Audit {
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
    items?: Record<string, unknown>[];
  };
}
interface Result {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
  lighthouseVersion: string;
}

interface Row {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Script bytes (as transferred, gzip or brotli) of requests sent before the observed first paint. */
  jsBeforePaintBytes: number;
  jsBeforePaintUrls: string[];
  jsTotalBytes: number;
  result: Result;
}

function row(result: Result): Row {
  const audit = (id: string) => result.audits[id]?.numericValue ?? Number.NaN;
  const observed = (result.audits.metrics?.details?.items?.[0] ?? {}) as Record<string, number>;
  const observedFcp = observed.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY;
  const requests = (result.audits['network-requests']?.details?.items ?? []) as {
    resourceType?: string;
    url?: string;
    networkRequestTime?: number;
    transferSize?: number;
  }[];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const beforePaint = scripts.filter((request) => (request.networkRequestTime ?? 0) < observedFcp);
  const sum = (list: typeof scripts) =>
    list.reduce((total, request) => total + (request.transferSize ?? 0), 0);
  return {
    performance: Math.round((result.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((result.categories.accessibility?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    // Both times are observed (unthrottled) ones from the same trace, from navigation start.
    jsBeforePaintBytes: sum(beforePaint),
    jsBeforePaintUrls: beforePaint.map((request) => request.url ?? ''),
    jsTotalBytes: sum(scripts),
    result,
  };
}

/** The gzipped size of a body as the server sends it to a client that accepts only gzip. */
function gzippedSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        response.on('end', () => resolve(size));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const median = (rows: Row[]) =>
  [...rows].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs)[
    Math.floor(rows.length / 2)
  ] as Row;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)}`;

/** What the median run says is worth doing: the biggest opportunities, diagnostics and failed checks. */
function findings(result: Result): string[] {
  const lines: string[] = [];
  const opportunities = Object.entries(result.audits)
    .filter(([, a]) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
    .sort(([, a], [, b]) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
    .slice(0, 4);
  for (const [id, a] of opportunities) {
    const bytes = a.details?.overallSavingsBytes;
    lines.push(
      `opportunity ${id}: ${a.title} — ~${Math.round(a.details?.overallSavingsMs ?? 0)} ms${bytes ? `, ${kb(bytes)} KiB` : ''}`,
    );
  }
  for (const id of [
    'bootup-time',
    'mainthread-work-breakdown',
    'unused-javascript',
    'total-byte-weight',
    'dom-size',
  ]) {
    const a = result.audits[id];
    if (a?.displayValue) lines.push(`diagnostic ${id}: ${a.title} — ${a.displayValue}`);
  }
  const a11y = result.audits;
  for (const [id, a] of Object.entries(a11y)) {
    if (a.score === 0 && a11yAudits.has(id)) lines.push(`accessibility failed ${id}: ${a.title}`);
  }
  return lines;
}
let a11yAudits = new Set<string>();

const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-lighthouse-'));
await chmod(dataDir, 0o755);
delete process.env.DATABASE_URL;
const serverEnv: NodeJS.ProcessEnv = {
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  NODE_ENV: 'production',
  // One browser plays every visitor; the limiter still counts each request.
  RATE_LIMIT_MULTIPLIER: '1000000',
};
let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  const started = await startServer(['--import', 'tsx', 'server/src/main.ts'], serverEnv, '/api/health');
  server = started.child;
  const base = `http://127.0.0.1:${started.port}`;
  // One request per page first, so server-side caches are as a visitor after the first one finds them.
  for (const page of pages) {
    const response = await fetch(`${base}${page}`);
    if (!response.ok) throw new Error(`${page}: ${response.status}`);
    await response.text();
  }
  chrome = await chromeLauncher.launch({
    chromePath: values.chrome,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const chromeVersion = spawnSync(values.chrome, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const results = new Map<string, Row[]>();
  let version = '';
  for (let run = 0; run < runs; run++) {
    // Runs interleave the pages, so a busy moment on this shared machine falls on all of them alike.
    for (const page of pages) {
      // A trace Lighthouse could not read (NO_NAVSTART and the like, now and then on a busy
      // machine) is run again, up to twice; a page that fails three times fails the bench.
      let runner: Awaited<ReturnType<typeof lighthouse>>;
      let result: Result | undefined;
      for (let attempt = 1; ; attempt++) {
        runner = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          blockedUrlPatterns: values['allow-sw'] ? [] : ['*/sw.js'],
        });
        result = runner?.lhr as unknown as Result | undefined;
        const problem = !result
          ? 'Lighthouse returned nothing'
          : result.runtimeError && `${result.runtimeError.code} ${result.runtimeError.message}`;
        if (!problem) break;
        if (attempt === 3) throw new Error(`${page}: ${problem}`);
        console.error(`run ${run + 1}/${runs} ${page}: ${problem}; again`);
      }
      if (!result) throw new Error(`${page}: Lighthouse returned nothing`);
      if (values.out && values.traces) {
        await mkdir(values.out, { recursive: true });
        const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        const trace = (runner?.artifacts as { Trace?: unknown } | undefined)?.Trace;
        await writeFile(path.join(values.out, `trace-${name}-${run + 1}.json`), JSON.stringify(trace));
      }
      version = result.lighthouseVersion;
      a11yAudits = new Set(
        ((runner?.lhr.categories.accessibility?.auditRefs ?? []) as { id: string }[]).map((ref) => ref.id),
      );
      const measured = row(result);
      results.set(page, [...(results.get(page) ?? []), measured]);
      console.error(
        `run ${run + 1}/${runs} ${page}: performance ${measured.performance}, accessibility ${measured.accessibility}`,
      );
    }
  }

  console.log(
    `\nLighthouse ${version}, mobile default config (simulated throttling), ${chromeVersion}, Node ${process.version}, median of ${runs} run(s)${values['allow-sw'] ? '' : ', /sw.js blocked'}\n`,
  );
  console.log(
    '| Page | Performance | Accessibility | LCP (s) | CLS | TBT (ms) | FCP (s) | JS requested before first paint (KiB gzip) | … as transferred, with headers (KiB) | All JS transferred (KiB) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const medians = pages.map((page) => [page, median(results.get(page) ?? [])] as const);
  const gzipped = new Map<string, number>();
  for (const [page, m] of medians) {
    const sizes = await Promise.all(m.jsBeforePaintUrls.map(gzippedSize));
    gzipped.set(
      page,
      sizes.reduce((total, size) => total + size, 0),
    );
  }
  for (const [page, m] of medians) {
    console.log(
      `| \`${page}\` | ${m.performance} | ${m.accessibility} | ${seconds(m.lcpMs)} | ${m.cls.toFixed(3)} | ${Math.round(m.tbtMs)} | ${seconds(m.fcpMs)} | ${kb(gzipped.get(page) ?? 0)} | ${kb(m.jsBeforePaintBytes)} | ${kb(m.jsTotalBytes)} |`,
    );
  }
  console.log(
    `\nAll runs (performance): ${pages.map((p) => `${p} ${(results.get(p) ?? []).map((r) => r.performance).join('/')}`).join('; ')}`,
  );
  for (const [page, m] of medians) {
    console.log(`\n${page} (median run):`);
    for (const line of findings(m.result)) console.log(`  ${line}`);
  }
  if (values.out) {
    await mkdir(values.out, { recursive: true });
    for (const [page, m] of medians) {
      const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      await writeFile(path.join(values.out, `lighthouse-${name}.json`), JSON.stringify(m.result));
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await chrome?.kill();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
