/**
 * Soak benchmark (issue 21, scenario 5): the production server (NODE_ENV=production, the built
 * client when `dist/client` exists, embedded PostgreSQL with the demo crew, request logs at `info`
 * as in production, piped to this script and counted) under steady mixed traffic for
 * `--minutes` (30 by default): public reads, Premium members editing profiles, writing reviews and
 * asking each other to connect (the request reaches the other member's open socket), every member's
 * realtime socket open throughout. Every 10 s it reads `/metrics`: RSS, heap used, event-loop
 * delay. After a warm-up (5 minutes or a sixth of the run, whichever is shorter) it compares the
 * last minute's average memory with the first minute's, then stops the server with SIGTERM and
 * checks it exits 0, says "Stopped cleanly", and left nothing keeping its event loop alive.
 *
 *   npm run build && npm run bench:soak [-- --minutes 30 --rate 150 --members 200 --port 45200]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../server/src/db/client.ts';
import { APP_DATABASE } from '../server/src/db/database-url.ts';
import { runningEmbeddedUrl } from '../server/src/db/embedded.ts';
import * as schema from '../server/src/db/schema/index.ts';
import { percentile, startServer } from './lib.ts';
import { type Counters, createSoakMembers, createTraffic } from './soak-traffic.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    rate: { type: 'string', default: '100' },
    members: { type: 'string', default: '200' },
    port: { type: 'string', default: '45200' },
    'max-in-flight': { type: 'string', default: '64' },
  },
});
const MINUTES = Number(values.minutes);
const RATE = Number(values.rate);
const MEMBERS = 2 * Math.ceil(Number(values.members) / 2);
const SAMPLE_MS = 10_000;
const RUN_MS = MINUTES * 60_000;
const WARM_UP_MS = Math.min(5 * 60_000, RUN_MS / 6);
const GOALS = { growthPercent: 10, eventLoopP99Ms: 50 };
const METRICS_TOKEN = 'soak-metrics-token-0123456789';

/**
 * Preloaded into the server: its process.exit (after "Stopped cleanly") only sets the exit code, so
 * the process ends when nothing keeps its event loop alive any more, as a server with no open
 * handle does. If it is still running 5 s later, the probe writes what keeps it alive
 * (process.getActiveResourcesInfo()) to a file and exits. The same file says when it drained.
 */
const EXIT_PROBE = `data:text/javascript,${encodeURIComponent(
  'import{writeFileSync}from"node:fs";const exit=process.exit.bind(process);let done=false;' +
    'const write=(o)=>{if(!done){done=true;writeFileSync(process.env.SOAK_EXIT_FILE,JSON.stringify(o))}};' +
    'process.exit=(code)=>{process.exitCode=code;setTimeout(()=>{write({code,drained:false,' +
    'resources:process.getActiveResourcesInfo()});exit(code)},5000).unref()};' +
    'process.on("exit",(code)=>write({code,drained:true,resources:[]}))',
)}`;

/**
 * An idle Node process measuring its own event-loop delay the way /metrics does (10 ms
 * resolution, which every value includes): what the machine's other work alone does to a loop
 * that has nothing to do, beside what the server's loop shows.
 */
const IDLE_CONTROL = `const{monitorEventLoopDelay}=require("node:perf_hooks");const h=monitorEventLoopDelay({resolution:10});h.enable();
setInterval(()=>{console.log(JSON.stringify({p50:h.percentile(50)/1e6,p99:h.percentile(99)/1e6}));h.reset()},${10_000})`;

interface Sample {
  at: number;
  rssMb: number;
  heapMb: number;
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  poolTotal: number;
  poolWaiting: number;
  sockets: number;
}

function metric(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
}

async function sample(base: string, at: number): Promise<Sample> {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
    (res) => res.text(),
  );
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const ms = (quantile: string) =>
    1000 * metric(text, 'event_loop_delay_seconds', `{quantile="${quantile}"}`);
  return {
    at,
    rssMb: mb(metric(text, 'process_resident_memory_bytes')),
    heapMb: mb(metric(text, 'nodejs_heap_size_used_bytes')),
    loopP50Ms: ms('0.5'),
    loopP99Ms: ms('0.99'),
    loopMaxMs: ms('1'),
    poolTotal: metric(text, 'db_pool_connections', '{state="total"}'),
    poolWaiting: metric(text, 'db_pool_connections', '{state="waiting"}'),
    sockets: metric(text, 'realtime_sockets_open'),
  };
}

const average = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
const fixed = (value: number, digits = 1) => value.toFixed(digits);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-soak-'));
// PostgreSQL runs as the `postgres` user when this runs as root: it must reach its directory.
await chmod(dataDir, 0o755);
const exitFile = path.join(dataDir, 'exit.json');
delete process.env.DATABASE_URL;
const log = { lines: 0, warnings: 0, errors: 0, stoppedCleanly: false, firstErrors: [] as string[] };

const server = await startServer(
  ['--import', EXIT_PROBE, '--import', 'tsx', 'server/src/main.ts'],
  {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    METRICS_TOKEN,
    SOAK_EXIT_FILE: exitFile,
    // One address plays every visitor and member: the limits still count, with room for all of them.
    RATE_LIMIT_MULTIPLIER: '1000000',
  },
  '/api/health',
  { port: Number(values.port), pipeOutput: true },
);
// A failure of this script must not leave the server (and its PostgreSQL) running.
process.on('exit', () => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
});
for (const stream of [server.child.stdout, server.child.stderr]) {
  if (!stream) continue;
  createInterface({ input: stream }).on('line', (line) => {
    log.lines++;
    if (line.includes('Stopped cleanly')) log.stoppedCleanly = true;
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 30);
    if (level === 40) log.warnings++;
    if (level >= 50 || !line.startsWith('{')) {
      log.errors++;
      if (log.firstErrors.length < 5) log.firstErrors.push(line.slice(0, 300));
    }
  });
}
const base = `http://127.0.0.1:${server.port}`;

const embeddedUrl = await runningEmbeddedUrl(path.join(dataDir, 'postgres'), APP_DATABASE);
if (!embeddedUrl) throw new Error('the server did not start its embedded PostgreSQL');
const pool = new pg.Pool({ connectionString: embeddedUrl, max: 2 });
const db = Object.assign(drizzle(pool, { schema }), { $client: pool }) as unknown as Database;
const benchMembers = await createSoakMembers(db, MEMBERS);
await pool.end();

const counters: Counters = {
  requests: 0,
  errorAnswers: new Map(),
  socketErrors: 0,
  skipped: 0,
  notificationsReceived: 0,
  notificationsMissed: 0,
  pongs: 0,
  latencies: [],
};
const startedAt = performance.now();
const traffic = createTraffic(base, counters, startedAt);
await traffic.prepare(benchMembers);
const loadAtStart = load();
console.log(
  `Soak: ${MINUTES} min at ${RATE} ops/s (about ${Math.round(RATE * 1.1)} requests/s), ${MEMBERS} members with a socket each, warm-up ${fixed(WARM_UP_MS / 60_000)} min; load average at start ${loadAtStart}`,
);

/** CPU seconds (user + system) the server process has used, from /proc. */
const cpuSeconds = () => {
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const cpuAtStart = cpuSeconds();
const control = spawn(process.execPath, ['-e', IDLE_CONTROL], { stdio: ['ignore', 'pipe', 'inherit'] });
const controlSamples: { at: number; p50: number; p99: number }[] = [];
if (control.stdout)
  createInterface({ input: control.stdout }).on('line', (line) => {
    controlSamples.push({
      at: performance.now() - runStart,
      ...(JSON.parse(line) as { p50: number; p99: number }),
    });
  });
process.on('exit', () => control.kill());
const runStart = performance.now();
const samples: Sample[] = [];
const sampler = setInterval(() => {
  const at = performance.now() - runStart;
  sample(base, at).then(
    (s) => {
      samples.push(s);
      console.log(
        `${fixed(at / 60_000)} min: RSS ${fixed(s.rssMb)} MB, heap ${fixed(s.heapMb)} MB, loop p99 ${fixed(s.loopP99Ms)} ms, pool ${s.poolTotal} (waiting ${s.poolWaiting}), sockets ${s.sockets}, ${counters.requests} requests`,
      );
    },
    (error: unknown) => console.error(`metrics: ${(error as Error).message}`),
  );
}, SAMPLE_MS);
const launched = await traffic.run(RATE, runStart + RUN_MS, Number(values['max-in-flight']));
clearInterval(sampler);
control.kill();
const runSeconds = (performance.now() - runStart) / 1000;
const loadAtEnd = load();
const cpuAtEnd = cpuSeconds();

// --- Stop: no request running, every socket still open ------------------------------------------
traffic.expectCloses();
const socketsAtStop = traffic.openSockets();
const stopBegan = performance.now();
server.child.kill('SIGTERM');
const exitTimer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
const [exitCode] = (await once(server.child, 'exit')) as [number | null];
clearTimeout(exitTimer);
const stopSeconds = (performance.now() - stopBegan) / 1000;
const exitReport = (() => {
  try {
    return JSON.parse(readFileSync(exitFile, 'utf8')) as {
      code: number;
      drained: boolean;
      resources: string[];
    };
  } catch {
    return undefined;
  }
})();
const leftOpen = exitReport ? exitReport.resources : ['(no exit report)'];
await rm(dataDir, { recursive: true, force: true });

// --- Report -------------------------------------------------------------------------------------
const measured = samples.filter((s) => s.at >= WARM_UP_MS);
const firstMinute = measured.filter((s) => s.at < WARM_UP_MS + 60_000);
const lastMinute = measured.filter((s) => s.at >= runSeconds * 1000 - 60_000);
const growth = (key: 'rssMb' | 'heapMb') => {
  const first = average(firstMinute.map((s) => s[key]));
  const last = average(lastMinute.map((s) => s[key]));
  return { first, last, percent: (100 * (last - first)) / first };
};
const rss = growth('rssMb');
const heap = growth('heapMb');
// Heap used is a saw (it climbs until a collection): the lowest sample of a minute is what survived.
const heapFloor = (list: Sample[]) => Math.min(...list.map((s) => s.heapMb));
const floorFirst = heapFloor(firstMinute);
const floorLast = heapFloor(lastMinute);
const loopP99 = Math.max(...measured.map((s) => s.loopP99Ms));
const loopP50 = percentile(
  measured.map((s) => s.loopP50Ms),
  50,
);
const loopMax = Math.max(...measured.map((s) => s.loopMaxMs));
const controlMeasured = controlSamples.filter((s) => s.at >= WARM_UP_MS);
const controlP50 = percentile(
  controlMeasured.map((s) => s.p50),
  50,
);
const controlP99 = Math.max(...controlMeasured.map((s) => s.p99));
const errorAnswers = [...counters.errorAnswers.values()].reduce((sum, n) => sum + n, 0);
const afterWarmUp = counters.latencies
  .filter(([at]) => at - (runStart - startedAt) >= WARM_UP_MS)
  .map(([, ms]) => ms);
const serverCpu = (cpuAtEnd - cpuAtStart) / runSeconds;
const byKind = new Map<string, number[]>();
for (const [at, ms, kind] of counters.latencies) {
  if (at - (runStart - startedAt) < WARM_UP_MS) continue;
  const list = byKind.get(kind) ?? [];
  list.push(ms);
  byKind.set(kind, list);
}
const closeCodes = [...traffic.closes.entries()].map(([code, n]) => `${n}× ${code}`).join(', ');

console.log(`\n## Soak result (${MINUTES} min, Node ${process.version})`);
console.log(`- Load average (1, 5, 15 min): at start ${loadAtStart}, at end ${loadAtEnd}`);
console.log(
  `- Traffic: ${launched} ops launched, ${counters.requests} requests (${fixed(counters.requests / runSeconds)}/s), ${counters.skipped} ops skipped (more than ${values['max-in-flight']} in flight)`,
);
console.log(
  `- Latency after warm-up: p50 ${fixed(percentile(afterWarmUp, 50))} ms, p99 ${fixed(percentile(afterWarmUp, 99))} ms, max ${fixed(percentile(afterWarmUp, 100))} ms`,
);
console.log(
  `- Server process CPU during the run: ${fixed(100 * serverCpu)} % of one core (its PostgreSQL not counted)`,
);
for (const [kind, list] of [...byKind.entries()].sort()) {
  console.log(
    `  - ${kind}: ${list.length} requests, p50 ${fixed(percentile(list, 50))} ms, p99 ${fixed(percentile(list, 99))} ms`,
  );
}
console.log(
  `- Realtime: ${MEMBERS} sockets, ${counters.notificationsReceived} notifications received, ${counters.notificationsMissed} connection requests not seen within 5 s, ${counters.pongs} pongs`,
);
console.log(
  `- Memory (first post-warm-up minute → last minute): RSS ${fixed(rss.first)} → ${fixed(rss.last)} MB (${fixed(rss.percent)} %), heap used ${fixed(heap.first)} → ${fixed(heap.last)} MB (${fixed(heap.percent)} %); lowest heap sample of the minute ${fixed(floorFirst)} → ${fixed(floorLast)} MB (${fixed((100 * (floorLast - floorFirst)) / floorFirst)} %)`,
);
console.log(
  `- Event-loop delay after warm-up (10-s windows): median p50 ${fixed(loopP50)} ms, highest p99 ${fixed(loopP99)} ms, max ${fixed(loopMax)} ms; an idle Node process beside it: median p50 ${fixed(controlP50)} ms, highest p99 ${fixed(controlP99)} ms`,
);
console.log(
  `- Error answers: ${errorAnswers} ${JSON.stringify(Object.fromEntries(counters.errorAnswers))}; socket errors: ${counters.socketErrors}`,
);
console.log(
  `- Server log: ${log.lines} lines, ${log.warnings} warnings, ${log.errors} errors${log.firstErrors.length ? `: ${log.firstErrors.join(' | ')}` : ''}`,
);
console.log(
  `- Stop: SIGTERM with ${socketsAtStop} sockets open → exit ${exitCode} in ${fixed(stopSeconds, 2)} s, "Stopped cleanly" ${log.stoppedCleanly ? 'logged' : 'NOT logged'}, sockets closed with ${closeCodes || 'nothing'}, ${exitReport?.drained ? 'its event loop emptied by itself' : `still alive 5 s after its exit call, held by: ${leftOpen.join(', ')}`}`,
);
const goals: [string, boolean][] = [
  ['no error answers or socket errors', errorAnswers === 0 && counters.socketErrors === 0],
  [`RSS growth < ${GOALS.growthPercent} %`, rss.percent < GOALS.growthPercent],
  [`heap growth < ${GOALS.growthPercent} %`, heap.percent < GOALS.growthPercent],
  [`event-loop delay p99 < ${GOALS.eventLoopP99Ms} ms`, loopP99 < GOALS.eventLoopP99Ms],
  [
    'stops with exit 0, "Stopped cleanly", no open handle',
    exitCode === 0 && log.stoppedCleanly && exitReport?.drained === true,
  ],
];
for (const [goal, pass] of goals) console.log(`${pass ? 'PASS' : 'FAIL'} ${goal}`);
process.exit(goals.every(([, pass]) => pass) ? 0 : 1);
