import type { ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { accepts, isAlive, killAll, rawConnection, signUp, startServer, waitFor } from './process.ts';

/**
 * Issue 21, scenario 2: SIGTERM while requests and sockets are open, on the real start command and
 * its embedded PostgreSQL. The request already running finishes (its write answered 200), the next
 * request on a connection that was busy answers 503 with Retry-After, the realtime socket closes
 * with 1001 (the client retries in 3 s: realtime-client.test.ts "retries after the server goes
 * away (1001)"), and the process exits 0 within its stop timeout with PostgreSQL stopped.
 */
describe('graceful stop on SIGTERM', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-stop-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    killAll(children);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes in-flight requests, refuses new ones with 503 and Retry-After, closes sockets with 1001, exits 0', async () => {
    const server = await startServer(
      { DATA_DIR: dataDir, SEED_DEMO: 'never', DATABASE_URL: undefined },
      children,
    );
    const base = `http://127.0.0.1:${server.port}`;
    const pgPid = Number.parseInt(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '',
      10,
    );
    const me = await signUp(base, `stop${process.pid}`);

    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, {
      headers: { origin: base, cookie: me.cookie },
    });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });

    // A profile edit whose body is still arriving when SIGTERM comes: in flight.
    const body = JSON.stringify({ bio: 'Written while the server was stopping' });
    const inFlight = await rawConnection(server.port);
    inFlight.socket.write(
      `PATCH /api/users/${me.userId} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCookie: ${me.cookie}\r\nCSRF-Token: ${me.csrf}\r\n` +
        'Expect: 100-continue\r\n\r\n',
    );
    // A second connection busy the same way; its next (pipelined) request comes after the stop began.
    const busy = await rawConnection(server.port);
    const probe = JSON.stringify({ rememberMe: false });
    busy.socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(probe)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    // The server answers "100 Continue" once it has read a request's headers: both are in flight.
    await waitFor('both requests to be in flight', () =>
      [inFlight, busy].every((c) => c.received().startsWith('HTTP/1.1 100 Continue')),
    );

    server.child.kill('SIGTERM');
    await waitFor('the server to stop listening', async () => !(await accepts(server.port)));

    inFlight.socket.write(body);
    busy.socket.write(`${probe}GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await Promise.all([inFlight.ended, busy.ended]);

    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(inFlight.received()).toContain('Written while the server was stopping');
    const answers = busy
      .received()
      .split(/(?=HTTP\/1\.1 )/)
      .slice(1);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 403 /); // the login itself: no CSRF token, refused as usual
    expect(answers[1], busy.received() + server.output()).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(answers[1]).toContain('"message":"Service temporarily unavailable"');

    expect(await closed).toBe(1001);
    expect(await server.exited()).toBe(0);
    expect(server.output()).toContain('Stopped cleanly');
    expect(isAlive(pgPid)).toBe(false);
  }, 60_000);
});
