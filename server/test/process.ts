import { type ChildProcess, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import pg from 'pg';

/**
 * The real server as a separate process (`node server/src/main.ts`), for the process-level tests of
 * issue 21: a free port (PORT=0, read back from the log), its own DATA_DIR, and a kill on cleanup.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  exited(): Promise<number | null>;
}

const STARTED = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

export async function startServer(
  env: Record<string, string | undefined>,
  children: ChildProcess[],
): Promise<ServerProcess> {
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete full[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: full,
    stdio: 'pipe',
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', () => {
      const match = STARTED.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, port, output: () => output, exited: () => exit };
}

/** Ends every child still running (SIGKILL): cleanup after a test, even a failed one. */
/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function killAll(children: ChildProcess[]): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Polls `check` every 25 ms until it holds, failing after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Whether a new TCP connection to the port is accepted. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A raw HTTP/1.1 connection: write bytes when the test says so, read everything the server sends. */
export async function rawConnection(
  port: number,
): Promise<{ socket: Socket; received(): string; ended: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const ended = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
  return { socket, received: () => received, ended };
}

export interface Session {
  cookie: string;
  csrf: string;
  userId: number;
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
}

/** Signs up a new member through HTTP the way the web app does: CSRF token first, then the form. */
export async function signUp(base: string, name: string): Promise<Session> {
  const first = await fetch(`${base}/api/csrf-token`);
  let jar = cookiesOf(first);
  const { csrfToken } = (await first.json()) as { csrfToken: string };
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'csrf-token': csrfToken, cookie: jar.join('; ') },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'gaffer-tape-42' }),
  });
  if (registered.status !== 201) throw new Error(`sign-up: ${registered.status} ${await registered.text()}`);
  const { id } = (await registered.json()) as { id: number };
  const names = new Set(cookiesOf(registered).map((c) => c.split('=')[0]));
  jar = [...jar.filter((c) => !names.has(c.split('=')[0])), ...cookiesOf(registered)];
  const token = await fetch(`${base}/api/csrf-token`, { headers: { cookie: jar.join('; ') } });
  const { csrfToken: csrf } = (await token.json()) as { csrfToken: string };
  return { cookie: jar.join('; '), csrf, userId: id };
}

/** The machine's PostgreSQL server (CI always has one), as `.ci/run` finds it. */
export const MACHINE_POSTGRES_URL = process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

/**
 * A fresh database on the machine's PostgreSQL with pg_trgm (as `.ci/run` makes one), and its drop
 * (WITH FORCE: a server process killed mid-test may leave connections behind).
 */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({
    connectionString: `${MACHINE_POSTGRES_URL}/test`,
    connectionTimeoutMillis: 5_000,
  });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`this test needs the machine's PostgreSQL at ${MACHINE_POSTGRES_URL}/test: ${err}`);
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = `${MACHINE_POSTGRES_URL}/${name}`;
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    await owner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  } finally {
    await owner.end();
  }
  return {
    url,
    async drop() {
      const last = new pg.Client({ connectionString: `${MACHINE_POSTGRES_URL}/test` });
      await last.connect();
      try {
        await last.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await last.end();
      }
    },
  };
}
