import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real start command on the embedded database: first start loads the demo crew, SIGTERM stops the
 * server and PostgreSQL with exit code 0, a second start keeps the data, and a crash is recovered from.
 */
describe('server lifecycle on the embedded PostgreSQL', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-life-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<{ child: ChildProcess; port: number; output: () => string }> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env, stdio: 'pipe' });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const port = await new Promise<number>((resolve, reject) => {
      const onData = () => {
        const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      };
      child.stdout?.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    return { child, port, output: () => output };
  }

  function exited(child: ChildProcess): Promise<number | null> {
    return new Promise((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.on('exit', (code) => resolve(code));
    });
  }

  async function crewCount(port: number): Promise<number> {
    const counts = (await (await fetch(`http://127.0.0.1:${port}/api/roles/crew-counts`)).json()) as {
      counts: Record<string, number>;
    };
    return Object.values(counts.counts).reduce((a, b) => a + b, 0);
  }

  function postgresPid(): Promise<number> {
    return readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').then((text) =>
      Number.parseInt(text.split('\n')[0] ?? '', 10),
    );
  }

  function alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  it('loads demo crew on first start, and SIGTERM stops the server and PostgreSQL with exit code 0', async () => {
    const server = await start();
    const health = await (await fetch(`http://127.0.0.1:${server.port}/api/health`)).json();
    expect(health.database.status).toBe('up');
    const links = await crewCount(server.port);
    expect(links).toBeGreaterThan(500);
    expect(server.output()).toContain('Loaded 500 demo crew members');
    const pgPid = await postgresPid();
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(alive(pgPid)).toBe(false);
  });

  it('keeps the data on a second start instead of loading the demo again', async () => {
    const server = await start();
    expect(server.output()).not.toContain('Loaded 500 demo crew members');
    const links = await crewCount(server.port);
    server.child.kill('SIGINT');
    expect(await exited(server.child)).toBe(0);
    const again = await start();
    expect(await crewCount(again.port)).toBe(links);
    again.child.kill('SIGTERM');
    expect(await exited(again.child)).toBe(0);
  });

  it('recovers from a crash that left PostgreSQL running as an orphan', async () => {
    const server = await start();
    const pgPid = await postgresPid();
    server.child.kill('SIGKILL');
    await exited(server.child);
    const next = await start();
    expect(next.output()).toContain('orphaned by an earlier crash');
    expect(alive(pgPid)).toBe(false);
    expect((await fetch(`http://127.0.0.1:${next.port}/api/health`)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await exited(next.child)).toBe(0);
  });

  it('starts when a stale postmaster.pid names a process that is not PostgreSQL', async () => {
    // Our own pid stands in for a recycled one: alive, but not a postgres server.
    await writeFile(path.join(dataDir, 'postgres', 'postmaster.pid'), `${process.pid}\n${dataDir}\n`);
    const server = await start();
    expect(server.output()).toContain('Removing a stale postmaster.pid');
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
  });
});
