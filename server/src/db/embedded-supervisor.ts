import type { ChildProcess } from 'node:child_process';

/** How the supervisor starts and stops the embedded PostgreSQL (embedded.ts gives it these). */
export interface Postmaster {
  /** Starts PostgreSQL on the same data directory and port; resolves once it accepts connections. */
  start(): Promise<ChildProcess>;
  /** Stops the running PostgreSQL, if it runs. */
  stop(): Promise<void>;
}

export interface Supervisor {
  /** From now on a lost PostgreSQL stays down: the server is stopping and will stop it itself. */
  standDown(): void;
  /** Stands down, waits for a restart under way, then stops PostgreSQL. */
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface SupervisorOptions {
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Restarts the embedded PostgreSQL when its postmaster exits without being asked to (killed, out of
 * memory, crashed): on the same data directory, so PostgreSQL's own crash recovery replays the WAL
 * and every committed write is there. The child's exit event says it is gone at once, at no cost.
 * A failed start (the dead postmaster's backends may still hold its shared memory for a moment, and
 * PostgreSQL refuses to start beside them) is tried again after 0.5 s, doubling to 10 s. While it is
 * down the app answers 503 (db/unavailable.ts); the pool and the LISTEN connection reconnect by
 * themselves.
 */
export function supervisePostmaster(
  postmaster: Postmaster,
  running: ChildProcess,
  log: Logger,
  { firstDelayMs = 500, maxDelayMs = 10_000 }: SupervisorOptions = {},
): Supervisor {
  let standingDown = false;
  let timer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  let lostAt = 0;
  let attempts = 0;

  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (standingDown) return;
      lostAt = Date.now();
      attempts = 0;
      log.warn(
        `Embedded PostgreSQL (pid ${child.pid}) exited unexpectedly (${signal ?? `code ${code}`}); ` +
          `restarting it in ${firstDelayMs} ms`,
      );
      schedule(firstDelayMs);
    });
  };

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      restarting = restart(delayMs).finally(() => {
        restarting = undefined;
      });
    }, delayMs);
  };

  const restart = async (delayMs: number) => {
    if (standingDown) return;
    attempts += 1;
    let child: ChildProcess;
    try {
      child = await postmaster.start();
    } catch (err) {
      if (standingDown) return;
      const next = Math.min(delayMs * 2, maxDelayMs);
      log.warn(`Embedded PostgreSQL did not start again (${describe(err)}); next attempt in ${next} ms`);
      schedule(next);
      return;
    }
    // A stop that came while it was starting wins: stop() waits for this and then stops it.
    if (standingDown) return;
    watch(child);
    log.info(
      `Embedded PostgreSQL is back (pid ${child.pid}) ${Date.now() - lostAt} ms after it was lost, ` +
        `attempt ${attempts}`,
    );
  };

  const standDown = () => {
    standingDown = true;
    clearTimeout(timer);
  };

  watch(running);
  return {
    standDown,
    async stop() {
      standDown();
      await restarting;
      await postmaster.stop();
    },
  };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err ?? 'it exited while starting');
}
