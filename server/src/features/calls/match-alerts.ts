import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { notify } from '#server/features/notifications/index.ts';
import * as q from './match-alert-queries.ts';
import { todayUtc } from './service.ts';

/**
 * The call_match job (issue 36, ADR 038): each new call (the queue a trigger on crew_calls fills,
 * so a run looks only at calls created since the last) is matched to the crew who opted in, have
 * its role and live in its place; each such member gets at most one `call_match` a day, listing
 * the calls found for them since (up to CALL_MATCH_LISTED, the count says how many in all). Matches
 * found on a day already told wait for the next day's run.
 */

/** Calls listed by name in one notification. */
export const CALL_MATCH_LISTED = 10;
/** New calls taken off the queue at once; a run takes batches until it is empty. */
const CALL_BATCH = 200;
const BATCHES_PER_RUN = 20;
/** Members with waiting matches read at once. */
const MEMBER_PAGE = 500;
/** How often the job runs. */
export const CALL_MATCH_INTERVAL_MS = 5 * 60_000;

export interface CallMatchRun {
  /** New calls looked at. */
  calls: number;
  /** New (member, call) matches recorded. */
  matches: number;
  /** Notifications sent. */
  notified: number;
}

/** "New crew call: Gaffer for …" or "3 new crew calls for you". */
export const callMatchTitle = (count: number, first: string) =>
  count === 1 ? `New crew call: ${first}` : `${count} new crew calls for you`;

class NothingToSend extends Error {}

async function sendOne(db: Database, userId: number, today: string): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await q.claimDay(tx, userId, today))) return false;
      const calls = await q.takeWaiting(tx, userId, today);
      // Every waiting call closed or stopped matching: the day is not spent.
      if (calls.length === 0) throw new NothingToSend();
      const listed = calls.slice(0, CALL_MATCH_LISTED);
      const more = calls.length - listed.length;
      const [first] = listed as [q.MatchedCall];
      await notify(
        tx,
        userId,
        'call_match',
        callMatchTitle(calls.length, first.title),
        `${listed.map((call) => `${call.title} (${call.location})`).join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
        { count: calls.length, calls: listed.map((call) => ({ id: call.id, title: call.title })) },
      );
      return true;
    });
  } catch (err) {
    if (err instanceof NothingToSend) return false;
    throw err;
  }
}

/**
 * One run: match the new calls, then tell every member with matches waiting whose day is free.
 * Calls taken off the queue are put back if matching fails, so a failure delays alerts and loses
 * none (a match is recorded once, so a retry repeats nothing).
 */
export async function runCallMatchAlerts(db: Database, now: Date = new Date()): Promise<CallMatchRun> {
  const today = todayUtc(now);
  const run: CallMatchRun = { calls: 0, matches: 0, notified: 0 };
  for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
    const callIds = await q.takeNewCalls(db, CALL_BATCH);
    if (callIds.length === 0) break;
    run.calls += callIds.length;
    try {
      run.matches += await q.recordMatches(db, callIds, today);
    } catch (err) {
      await q.requeueCalls(db, callIds);
      throw err;
    }
    if (callIds.length < CALL_BATCH) break;
  }
  let afterId = 0;
  for (;;) {
    const members = await q.membersWaiting(db, today, afterId, MEMBER_PAGE);
    for (const userId of members) if (await sendOne(db, userId, today)) run.notified += 1;
    const last = members.at(-1);
    if (last === undefined || members.length < MEMBER_PAGE) break;
    afterId = last;
  }
  return run;
}

/** Runs the job every CALL_MATCH_INTERVAL_MS with the other sweeps; tests call runCallMatchAlerts. */
export const callMatchSweep: FastifyPluginAsync = async (app) => {
  const sweep = () =>
    runCallMatchAlerts(app.db).catch((err: unknown) =>
      app.log.warn({ err }, 'calls: call_match alerts not sent, tried again at the next run'),
    );
  const timer = setInterval(sweep, CALL_MATCH_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
