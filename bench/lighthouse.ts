/**
 * Lighthouse benchmark (issue 19): the production server (built client, embedded PostgreSQL, demo
 * crew) started by this script on a private data dir and a free port, then Lighthouse's default
 * mobile config (simulated throttling: slow 4G, 4× CPU slowdown, Moto G Power viewport) in Debian's
 * Chromium on the issue's four pages, `--runs` times each, reporting each page's median run.
 * Usage: npm run build && npm run bench:lighthouse [-- --runs 3 --chrome /usr/bin/chromium
 * --only /browse --allow-sw --out DIR [--traces] --baseline DIR]
 *
 * `--baseline DIR` measures a second build side by side: DIR is another checkout's `dist` (its
 * `client` and `server-render`), served by a second server; every run measures each page on both,
 * one after the other, and the report ends with this build's medians against the baseline's.
 * Figures from different machines or hours do not compare (TBT moved by ±100 ms between benches
 * of one build); two builds measured in one run do. The report gives Lighthouse's benchmark index
 * of the machine (its CPU speed as Lighthouse measures it) beside the figures.
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
    baseline: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs));
const pages = ['/', '/search?q=gaffer', '/profile/10', '/browse'].filter(
  (page) => values.only === undefined || page === values.only,
);
if (pages.length === 0) throw new Error(`--only ${values.only}: not one of the benchmarked pages`);
if (!existsSync('dist/client/index.html'))
  throw new Error('dist/client is missing: run `npm run build` first');
if (values.baseline !== undefined && !existsSync(path.join(values.baseline, 'client/index.html')))
  throw new Error(`--baseline ${values.baseline}: no client/index.html there (a built dist directory)`);

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
  environment?: { benchmarkIndex?: number };
}

interface Row {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The same sum as TBT from the page's main-thread CPU time (see cpuBlockingMs). */
  cpuBlockingMs: number;
  fcpMs: number;
  /** Script bytes (as transferred, gzip or brotli) of requests sent before the observed first paint. */
  jsBeforePaintBytes: number;
  jsBeforePaintUrls: string[];
  jsTotalBytes: number;
  result: Result;
}

function row(result: Result, trace: TraceLike | undefined): Row {
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
    cpuBlockingMs: cpuBlockingMs(trace, observed.observedFirstContentfulPaintTs),
    fcpMs: audit('first-contentful-paint'),
    // Both times are observed (unthrottled) ones from the same trace, from navigation start.
    jsBeforePaintBytes: sum(beforePaint),
    jsBeforePaintUrls: beforePaint.map((request) => request.url ?? ''),
    jsTotalBytes: sum(scripts),
    result,
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
}
interface TraceLike {
  traceEvents: TraceEvent[];
}

/**
 * TBT's sum taken from CPU time: for every main-thread task after the observed first contentful
 * paint, what its *thread* time (`tdur`, the CPU the renderer's main thread got) times Lighthouse's
 * 4× slowdown exceeds 50 ms by. Lighthouse's TBT starts from wall-clock task lengths, so on a shared
 * machine a task that waited for the CPU counts as blocking; this one does not, and compares two
 * builds measured in one run more steadily. It counts to the end of the trace rather than to TTI,
 * so it may exceed TBT, and it does not simulate the network; it is a companion, not a replacement.
 * Tasks running Lighthouse's own in-page scripts are left out.
 */
function cpuBlockingMs(trace: TraceLike | undefined, fcpTs: number | undefined): number {
  const events = trace?.traceEvents ?? [];
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const counts = new Map<string, number>();
  for (const e of events) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = mains
    .map((e) => `${e.pid}:${e.tid}`)
    .sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0];
  if (!main || fcpTs === undefined) return Number.NaN;
  const onMain = (e: TraceEvent) => `${e.pid}:${e.tid}` === main;
  // Lighthouse's own scripts (its gatherers, run in the page as `_lighthouse-eval.js`) are not the
  // page's work: the tasks that run them are left out.
  const lighthouseAt = events
    .filter((e) => onMain(e) && e.args?.data?.url?.includes('_lighthouse-eval.js'))
    .map((e) => e.ts);
  const runsLighthouse = (task: TraceEvent) =>
    lighthouseAt.some((ts) => ts >= task.ts && ts <= task.ts + (task.dur ?? 0));
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.ts >= fcpTs && !runsLighthouse(e))
    .reduce((total, e) => total + Math.max(0, (4 * (e.tdur ?? e.dur ?? 0)) / 1000 - 50), 0);
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
const benchmarkIndexOf = (row: Row) => row.result.environment?.benchmarkIndex ?? Number.NaN;
const fileNameOf = (page: string) => page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
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

/** A build to measure: this checkout's, or the baseline's. */
interface Target {
  label: string;
  clientDist: string;
  dataDir: string;
  base: string;
  server?: ChildProcess;
  results: Map<string, Row[]>;
}

const targets: Target[] = [];
for (const [label, dist] of [
  ['this build', 'dist'],
  ...(values.baseline === undefined ? [] : [['baseline', values.baseline]]),
] as const) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-lighthouse-'));
  await chmod(dataDir, 0o755);
  targets.push({
    label,
    clientDist: path.resolve(dist, 'client'),
    dataDir,
    base: '',
    results: new Map(),
  });
}
delete process.env.DATABASE_URL;
const serverEnv: NodeJS.ProcessEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  NODE_ENV: 'production',
  // One browser plays every visitor; the limiter still counts each request.
  RATE_LIMIT_MULTIPLIER: '1000000',
};
let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  for (const target of targets) {
    const started = await startServer(
      ['--import', 'tsx', 'server/src/main.ts'],
      { ...serverEnv, DATA_DIR: target.dataDir, CLIENT_DIST: target.clientDist },
      '/api/health',
    );
    target.server = started.child;
    target.base = `http://127.0.0.1:${started.port}`;
    // One request per page first, so server-side caches are as a visitor after the first one finds them.
    for (const page of pages) {
      const response = await fetch(`${target.base}${page}`);
      if (!response.ok) throw new Error(`${target.label} ${page}: ${response.status}`);
      await response.text();
    }
  }
  chrome = await chromeLauncher.launch({
    chromePath: values.chrome,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const chromeVersion = spawnSync(values.chrome, ['--version'], { encoding: 'utf8' }).stdout.trim();
  let version = '';
  for (let run = 0; run < runs; run++) {
    // Runs interleave the pages (and the builds), so a busy moment on this shared machine falls on
    // all of them alike.
    for (const page of pages)
      for (const { label, base, results } of targets) {
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
          if (attempt === 3) throw new Error(`${label} ${page}: ${problem}`);
          console.error(`run ${run + 1}/${runs} ${label} ${page}: ${problem}; again`);
        }
        if (!result) throw new Error(`${page}: Lighthouse returned nothing`);
        const trace = (runner?.artifacts as { Trace?: TraceLike } | undefined)?.Trace;
        if (values.out && values.traces) {
          await mkdir(values.out, { recursive: true });
          const name = `${label === 'baseline' ? 'baseline-' : ''}${fileNameOf(page)}`;
          await writeFile(path.join(values.out, `trace-${name}-${run + 1}.json`), JSON.stringify(trace));
        }
        version = result.lighthouseVersion;
        a11yAudits = new Set(
          ((runner?.lhr.categories.accessibility?.auditRefs ?? []) as { id: string }[]).map((ref) => ref.id),
        );
        const measured = row(result, trace);
        results.set(page, [...(results.get(page) ?? []), measured]);
        console.error(
          `run ${run + 1}/${runs} ${targets.length > 1 ? `${label} ` : ''}${page}: performance ${measured.performance}, accessibility ${measured.accessibility}, TBT ${Math.round(measured.tbtMs)} ms, CPU-time blocking ${Math.round(measured.cpuBlockingMs)} ms, benchmark index ${Math.round(result.environment?.benchmarkIndex ?? 0)}`,
        );
      }
  }

  console.log(
    `\nLighthouse ${version}, mobile default config (simulated throttling), ${chromeVersion}, Node ${process.version}, median of ${runs} run(s)${values['allow-sw'] ? '' : ', /sw.js blocked'}`,
  );
  const indices = targets.flatMap((t) => [...t.results.values()].flat().map(benchmarkIndexOf));
  console.log(
    `Machine: Lighthouse benchmark index ${Math.round(Math.min(...indices))}–${Math.round(Math.max(...indices))} over the runs (higher is faster)`,
  );
  const mediansOf = (target: Target) =>
    new Map(pages.map((page) => [page, median(target.results.get(page) ?? [])] as const));
  for (const target of targets) {
    const medians = mediansOf(target);
    if (targets.length > 1) console.log(`\n${target.label} (${target.clientDist})`);
    console.log(
      '\n| Page | Performance | Accessibility | LCP (s) | CLS | TBT (ms) | FCP (s) | JS requested before first paint (KiB gzip) | … as transferred, with headers (KiB) | All JS transferred (KiB) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [page, m] of medians) {
      const sizes = await Promise.all(
        m.jsBeforePaintUrls.map((url) => gzippedSize(url.replace(/^http:\/\/[^/]+/, target.base))),
      );
      const gzipped = sizes.reduce((total, size) => total + size, 0);
      console.log(
        `| \`${page}\` | ${m.performance} | ${m.accessibility} | ${seconds(m.lcpMs)} | ${m.cls.toFixed(3)} | ${Math.round(m.tbtMs)} | ${seconds(m.fcpMs)} | ${kb(gzipped)} | ${kb(m.jsBeforePaintBytes)} | ${kb(m.jsTotalBytes)} |`,
      );
    }
    console.log(
      `\nAll runs (performance / TBT ms / CPU-time blocking ms): ${pages.map((p) => `${p} ${(target.results.get(p) ?? []).map((r) => `${r.performance}/${Math.round(r.tbtMs)}/${Math.round(r.cpuBlockingMs)}`).join(' ')}`).join('; ')}`,
    );
    for (const [page, m] of medians) {
      console.log(`\n${page} (median run):`);
      for (const line of findings(m.result)) console.log(`  ${line}`);
    }
    if (values.out) {
      await mkdir(values.out, { recursive: true });
      for (const [page, m] of medians) {
        const name = `${target.label === 'baseline' ? 'baseline-' : ''}${fileNameOf(page)}`;
        await writeFile(path.join(values.out, `lighthouse-${name}.json`), JSON.stringify(m.result));
      }
    }
  }
  const [current, baseline] = targets;
  if (current && baseline) {
    // Medians of each metric over the runs, not the median run's: TBT swings more than the score.
    const medianOf = (rows: Row[], pick: (row: Row) => number) => {
      const sorted = rows.map(pick).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    };
    // A ratio to nothing (a page with no blocking at all in the baseline) says nothing: a dash.
    const ratio = (mine: number, theirs: number) => (theirs > 0 ? (mine / theirs).toFixed(2) : '—');
    console.log('\nThis build against the baseline, medians of the runs (this / baseline):\n');
    console.log('| Page | Performance | TBT (ms) | TBT ratio | CPU-time blocking (ms) | ratio | LCP (s) |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const page of pages) {
      const mine = current.results.get(page) ?? [];
      const theirs = baseline.results.get(page) ?? [];
      const tbt = [medianOf(mine, (r) => r.tbtMs), medianOf(theirs, (r) => r.tbtMs)] as const;
      const cpu = [medianOf(mine, (r) => r.cpuBlockingMs), medianOf(theirs, (r) => r.cpuBlockingMs)] as const;
      console.log(
        `| \`${page}\` | ${medianOf(mine, (r) => r.performance)} / ${medianOf(theirs, (r) => r.performance)} | ${Math.round(tbt[0])} / ${Math.round(tbt[1])} | ${ratio(tbt[0], tbt[1])} | ${Math.round(cpu[0])} / ${Math.round(cpu[1])} | ${ratio(cpu[0], cpu[1])} | ${seconds(medianOf(mine, (r) => r.lcpMs))} / ${seconds(medianOf(theirs, (r) => r.lcpMs))} |`,
      );
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await chrome?.kill();
  for (const { server, dataDir } of targets) {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
