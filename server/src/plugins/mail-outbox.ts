import fp from 'fastify-plugin';
import type { Mailer } from '#server/mail/mailer.ts';
import {
  type DeliveryReport,
  deliverDueMail,
  pruneFinishedMail,
  type RenderAtSend,
} from '#server/mail/outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every queued mail that is due now, through the app's mailer (what the worker runs). */
    deliverMail(): Promise<DeliveryReport>;
    /** What this instance's deliveries came to since it started, for /metrics. */
    mailOutcomes: Readonly<DeliveryReport>;
  }
}

const INTERVAL_MS = 5_000;
const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * The outbox worker: once the app is ready, and then every few seconds, sends the mail requests
 * queued (mail/outbox.ts), and once an hour deletes what was finished a month ago. It stops
 * before the database closes; a send cut short by a stop is taken again by the next server when
 * its lease runs out. `worker: false` (tests) leaves sending to explicit `app.deliverMail()` calls.
 * `render` writes a notification's mail queued without a body, when it is sent.
 */
export const mailOutboxPlugin = fp<{ mailer: Mailer; worker: boolean; render?: RenderAtSend }>(
  async (app, { mailer, worker, render }) => {
    const stop = new AbortController();
    const totals: DeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    const deliver = async () => {
      const report = await deliverDueMail(app.db, mailer, {
        log: app.log,
        signal: stop.signal,
        ...(render ? { render } : {}),
      });
      for (const key of Object.keys(totals) as (keyof DeliveryReport)[]) totals[key] += report[key];
      return report;
    };
    app.decorate('deliverMail', deliver);
    app.decorate('mailOutcomes', totals);
    if (!worker) return;

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let prunedAt = 0;
    const work = async () => {
      await deliver();
      if (Date.now() - prunedAt < PRUNE_INTERVAL_MS) return;
      prunedAt = Date.now();
      const pruned = await pruneFinishedMail(app.db);
      if (pruned > 0) app.log.info({ pruned }, 'mail outbox: old sent and failed mail deleted');
    };
    const tick = () => {
      running = work()
        .then(
          () => {},
          (error: unknown) => app.log.warn({ err: error }, 'mail outbox: could not deliver, will try again'),
        )
        .finally(() => {
          if (!stop.signal.aborted) timer = setTimeout(tick, INTERVAL_MS).unref();
        });
    };
    app.addHook('onReady', async () => {
      tick();
    });
    app.addHook('preClose', async () => {
      stop.abort();
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'mail-outbox', dependencies: ['database'] },
);
