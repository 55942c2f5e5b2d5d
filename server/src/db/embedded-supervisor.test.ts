import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Postmaster, supervisePostmaster } from '#server/db/embedded-supervisor.ts';
import { waitFor } from '../../test/process.ts';

/**
 * The supervisor's rules on real processes (a node process stands in for the postmaster; the real
 * PostgreSQL is killed in server/test/embedded-outage.test.ts): restart after an unexpected exit,
 * try again after a failed start, and never restart once the server has begun to stop.
 */
describe('supervisePostmaster', () => {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    started.length = 0;
  });

  const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

  /**
   * A postmaster; `failNext(n)` makes its next n starts fail. `hold()` makes the next start wait until
   * `release()` (a PostgreSQL still in crash recovery). `calls` counts starts as they begin.
   */
  function fakePostmaster() {
    let failuresLeft = 0;
    let current: ChildProcess | undefined;
    let gate: Promise<void> | undefined;
    let release = () => {};
    const fake = {
      calls: 0,
      current: () => current,
      failNext(n: number) {
        failuresLeft = n;
      },
      hold() {
        gate = new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      release: () => release(),
      postmaster: {
        async start() {
          fake.calls += 1;
          const waiting = gate;
          gate = undefined;
          await waiting;
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            throw new Error('pre-existing shared memory block is still in use');
          }
          current = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
          started.push(current);
          await once(current, 'spawn');
          return current;
        },
        async stop() {
          if (current && running(current)) {
            const exited = once(current, 'exit');
            current.kill('SIGTERM');
            await exited;
          }
        },
      } satisfies Postmaster,
    };
    return fake;
  }

  function recorder() {
    const lines: string[] = [];
    return {
      lines,
      info: (msg: string) => lines.push(`info ${msg}`),
      warn: (msg: string) => lines.push(`warn ${msg}`),
    };
  }

  it('restarts a killed postmaster, trying again after a failed start, and logs both', async () => {
    const fake = fakePostmaster();
    const first = await fake.postmaster.start();
    const log = recorder();
    const supervisor = supervisePostmaster(fake.postmaster, first, log, { firstDelayMs: 5, maxDelayMs: 20 });
    const { current } = fake;
    fake.failNext(1);

    first.kill('SIGKILL');
    await waitFor('a restarted postmaster', () => current() !== first && running(current() as ChildProcess));
    expect(fake.calls).toBe(3);
    expect(log.lines[0]).toMatch(/^warn Embedded PostgreSQL \(pid \d+\) exited unexpectedly \(SIGKILL\)/);
    expect(log.lines[1]).toBe(
      'warn Embedded PostgreSQL did not start again (pre-existing shared memory block is still in use); next attempt in 10 ms',
    );
    expect(log.lines[2]).toMatch(
      /^info Embedded PostgreSQL is back \(pid \d+\) \d+ ms after it was lost, attempt 2$/,
    );

    // The restarted one is supervised too.
    const second = current() as ChildProcess;
    second.kill('SIGKILL');
    await waitFor('a second restart', () => current() !== second && running(current() as ChildProcess));

    await supervisor.stop();
    expect(running(current() as ChildProcess)).toBe(false);
  });

  it('does not restart a postmaster lost after it stood down (the server is stopping)', async () => {
    const fake = fakePostmaster();
    const first = await fake.postmaster.start();
    const log = recorder();
    const supervisor = supervisePostmaster(fake.postmaster, first, log, { firstDelayMs: 5 });
    supervisor.standDown();
    // The supervisor's exit listener runs before this one: by then it has decided.
    const exited = once(first, 'exit');
    first.kill('SIGKILL');
    await exited;
    await supervisor.stop();
    expect(fake.calls).toBe(1);
    expect(log.lines).toEqual([]);
  });

  it('cancels a restart still waiting out its back-off when the server begins to stop', async () => {
    const fake = fakePostmaster();
    const first = await fake.postmaster.start();
    const log = recorder();
    // Only the supervisor's timers are fake: the process and its exit event are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const supervisor = supervisePostmaster(fake.postmaster, first, log, { firstDelayMs: 500 });
      const exited = once(first, 'exit');
      first.kill('SIGKILL');
      await exited;
      expect(log.lines).toHaveLength(1);
      supervisor.standDown();
      await vi.advanceTimersByTimeAsync(60_000);
      await supervisor.stop();
      expect(fake.calls).toBe(1);
      expect(log.lines).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a stop that comes during a restart win: the restarted postmaster is stopped', async () => {
    const fake = fakePostmaster();
    const first = await fake.postmaster.start();
    const log = recorder();
    const supervisor = supervisePostmaster(fake.postmaster, first, log, { firstDelayMs: 5 });
    fake.hold();
    first.kill('SIGKILL');
    await waitFor('the restart to begin', () => fake.calls === 2);
    const stopped = supervisor.stop();
    fake.release();
    await stopped;
    const restarted = fake.current() as ChildProcess;
    expect(restarted).not.toBe(first);
    expect(running(restarted)).toBe(false);
    expect(log.lines).toHaveLength(1);
  });
});
