import { personName } from '#common/people';
import {
  SAVED_SEARCH_ALERT_PEOPLE,
  type SavedSearchQuery,
  savedSearchAlertTitle,
} from '#common/saved-searches';
import { PREMIUM_SEARCH_FILTERS, type SearchQuery, searchQuery } from '#common/schemas/search';
import type { Database } from '#server/db/client.ts';
import { notify } from '#server/features/notifications/index.ts';
import { crewCardsOf, matchingCrewIds } from '#server/features/search/index.ts';
import * as q from './queries.ts';

/**
 * The saved-search alert job (issue 35, ADR 034): who newly matches each saved search with alerts
 * on, among the crew members changed since the last run (their search row, or a busy day gone:
 * the saved_search_changes queue the triggers of migration 0033 fill), told at most once a day
 * per search in one `saved_search_match` notification. Its cost follows the changes, not the
 * directory: each search runs once per batch of changed members, restricted to them.
 */

/** Changed members taken off the queue at once; a run takes batches until the queue is empty. */
export const ALERT_BATCH = 500;
/** Batches in one run at most: a backlog (a bulk import) drains over several runs. */
const BATCHES_PER_RUN = 20;
/** Saved searches read at once. */
const SEARCH_PAGE = 500;

export interface AlertRun {
  /** Changed members looked at. */
  members: number;
  /** Saved searches run against them. */
  searches: number;
  /** Notifications sent. */
  notified: number;
}

/**
 * The saved query as it can run today: a date range that has begun runs from today (its days
 * left, `minFreeDays` no more than them); one that is over, or a query the search no longer takes,
 * cannot (null).
 */
export function queryForToday(query: SavedSearchQuery, today: string): SearchQuery | null {
  const runnable: SavedSearchQuery = { ...query };
  const from = typeof query.availableFrom === 'string' ? query.availableFrom : undefined;
  if (from !== undefined && from < today) {
    const to = typeof query.availableTo === 'string' ? query.availableTo : from;
    if (to < today) return null;
    runnable.availableFrom = today;
    const left = Math.round((Date.parse(to) - Date.parse(today)) / 86_400_000) + 1;
    if (typeof query.minFreeDays === 'string' && Number(query.minFreeDays) > left)
      runnable.minFreeDays = String(left);
  }
  const parsed = searchQuery.safeParse(runnable);
  return parsed.success ? parsed.data : null;
}

/**
 * Which of these crew members the query finds, through the search's own filters and reading of
 * the words, as ids (no ranking, no cards). Premium filters were checked against the owner before
 * (a lapsed owner's search runs not at all).
 */
async function matchingAmong(db: Database, query: SearchQuery, ids: number[]): Promise<number[]> {
  const found: number[] = [];
  for (let at = 0; at < ids.length; at += ALERT_BATCH) {
    found.push(...(await matchingCrewIds(db, query, ids.slice(at, at + ALERT_BATCH))));
  }
  return found;
}

/**
 * The changed members each distinct query finds, for one batch: producers save the same search
 * ("gaffers, Atlanta") many times over, and each is run once.
 */
type BatchMatches = Map<string, Promise<number[]>>;

function changedMatching(db: Database, batch: BatchMatches, query: SearchQuery, changed: number[]) {
  const key = JSON.stringify(query);
  let found = batch.get(key);
  if (!found) {
    found = matchingAmong(db, query, changed);
    batch.set(key, found);
  }
  return found;
}

class NothingToSend extends Error {}

/** Notifies the owner of what waits for the search, if its day is still free: true when sent. */
async function sendAlert(db: Database, saved: q.AlertingSearch, today: string): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await q.claimAlertDay(tx, saved.id, today))) return false;
      const people = await q.takeWaiting(tx, saved.id);
      // Nothing waits after all (another instance sent it): the day is not spent.
      if (people.length === 0) throw new NothingToSend();
      const listed = await crewCardsOf(db, people.slice(0, SAVED_SEARCH_ALERT_PEOPLE));
      const names = listed.map((card) => ({ id: card.id, name: personName(card) }));
      const more = people.length - names.length;
      const message = `${names.map((person) => person.name).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
      await notify(
        tx,
        saved.userId,
        'saved_search_match',
        savedSearchAlertTitle(people.length, saved.name),
        message,
        {
          savedSearchId: saved.id,
          count: people.length,
          people: names,
          query: saved.query,
        },
      );
      return true;
    });
  } catch (err) {
    if (err instanceof NothingToSend) return false;
    throw err;
  }
}

/** One saved search against the changed members: records who newly matches, and tells its owner. */
async function alertOne(
  db: Database,
  saved: q.AlertingSearch,
  changed: number[],
  today: string,
  batch: BatchMatches,
) {
  if (changed.length === 0 && saved.waiting.length === 0) return { searched: false, sent: false };
  const query = queryForToday(saved.query, today);
  const runs = query !== null && (saved.ownerIsPremium || !usesPremiumFilters(query));
  const found = runs
    ? [
        ...(await changedMatching(db, batch, query, changed)),
        ...(saved.waiting.length > 0 ? await matchingAmong(db, query, saved.waiting) : []),
      ]
    : [];
  // The member's own profile never alerts them.
  const matched = [...new Set(found)].filter((id) => id !== saved.userId);
  const matching = new Set(matched);
  const recorded = await q.recordMatches(db, saved.id, matched);
  await q.forgetWaiting(
    db,
    saved.id,
    saved.waiting.filter((id) => !matching.has(id)),
  );
  // Members already told of are recorded already: only the newly recorded, or those waiting, are news.
  const waits = recorded.length > 0 || saved.waiting.some((id) => matching.has(id));
  const sent = waits && saved.lastAlertOn !== today ? await sendAlert(db, saved, today) : false;
  return { searched: true, sent };
}

const usesPremiumFilters = (query: SearchQuery) =>
  PREMIUM_SEARCH_FILTERS.some((name) => query[name] !== undefined && query[name] !== false);

/** Every alerting search against one batch of changed members (and the matches waiting since a sent day). */
async function alertBatch(db: Database, changed: number[], today: string, run: AlertRun): Promise<void> {
  let afterId = 0;
  const batch: BatchMatches = new Map();
  for (;;) {
    // No change to look at: only the searches with matches waiting since a day already told.
    const page = await q.alertingSearches(db, afterId, SEARCH_PAGE, changed.length === 0);
    for (const saved of page) {
      const { searched, sent } = await alertOne(db, saved, changed, today, batch);
      if (searched) run.searches += 1;
      if (sent) run.notified += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < SEARCH_PAGE) return;
    afterId = last.id;
  }
}

/**
 * One run of the job. Members taken off the queue are put back if the run fails, so a failure
 * delays alerts and loses none (matches are recorded once, so a retry repeats nothing).
 */
export async function runSavedSearchAlerts(db: Database, now: Date = new Date()): Promise<AlertRun> {
  const today = now.toISOString().slice(0, 10);
  const run: AlertRun = { members: 0, searches: 0, notified: 0 };
  for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
    const changed = await q.takeChangedMembers(db, ALERT_BATCH);
    // The first batch runs even with no change: matches found on a day already told wait for the next.
    if (changed.length === 0 && batch > 0) break;
    run.members += changed.length;
    try {
      await alertBatch(db, changed, today, run);
    } catch (err) {
      await q.requeueChangedMembers(db, changed);
      throw err;
    }
    if (changed.length < ALERT_BATCH) break;
  }
  return run;
}
