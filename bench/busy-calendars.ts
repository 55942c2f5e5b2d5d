/**
 * Calendars for the search bench (issue 35): one crew member in `every` gets, in the next 90 days,
 * a booking of 1–5 days (three in four accepted, one in four a first hold they agreed to) and three
 * unavailable days; as many again get a hold only asked for, which blocks nothing. Written through
 * the tables' triggers, as the app writes them, so member_busy_days is what the app would keep.
 */
import type pg from 'pg';

const MESSAGE = 'bench calendar';
/** Crew ids per statement: each statement's triggers add up its busy days in one go. */
const CHUNK = 50_000;

/**
 * Gives the calendars unless enough crew are already busy in the coming days (a database seeded
 * by an earlier run): the bench's own bookings and the chosen crew's future days off are replaced.
 */
export async function ensureBusyCalendars(
  pool: pg.Pool,
  every: number,
  log: (line: string) => void = console.error,
): Promise<{ busyCrew: number; crew: number }> {
  const count = async (text: string) => Number((await pool.query<{ n: string }>(text)).rows[0]?.n ?? 0);
  const crew = await count('select count(*) as n from crew_search');
  const busyNow = () =>
    count('select count(distinct user_id) as n from member_busy_days where day >= current_date');
  const wanted = Math.floor(crew / every);
  const already = await busyNow();
  if (already >= wanted * 0.9) return { busyCrew: already, crew };
  const started = performance.now();
  const pick = `cs.user_id % ${every} = 3`;
  await pool.query(`delete from bookings where message = '${MESSAGE}'`);
  await pool.query(`delete from unavailable_days u using crew_search cs
    where cs.user_id = u.user_id and ${pick} and u.day >= current_date`);
  const { rows } = await pool.query<{ lo: number; hi: number; requester: number }>(
    'select min(user_id) as lo, max(user_id) as hi, (select min(id) from users) as requester from crew_search',
  );
  const { lo = 0, hi = -1, requester = 0 } = rows[0] ?? {};
  for (let from = lo; from <= hi; from += CHUNK) {
    const range = `cs.user_id between ${from} and ${from + CHUNK - 1}`;
    await pool.query(
      `insert into bookings (requester_id, crew_id, role_id, start_date, end_date, rate, currency, message, status, hold_agreed_at)
       select $1::integer, cs.user_id, cs.role_ids[1], current_date + d.start, current_date + d.start + d.extra, 50000, 'USD', '${MESSAGE}',
         case when d.kind = 0 then 'hold_first' else 'accepted' end, case when d.kind = 0 then now() end
       from crew_search cs,
         lateral (select (cs.user_id * 7) % 60 + 1 as start, cs.user_id % 5 as extra, (cs.user_id / ${every}) % 4 as kind) d
       where ${pick} and ${range}
       union all
       select $1::integer, cs.user_id, cs.role_ids[1], current_date + 7, current_date + 9, 50000, 'USD', '${MESSAGE}', 'hold_first', null
       from crew_search cs where cs.user_id % ${every} = 5 and ${range}`,
      [requester],
    );
    await pool.query(
      `insert into unavailable_days (user_id, day)
       select cs.user_id, current_date + ((cs.user_id * 13 + k * 29) % 89) + 1
       from crew_search cs, generate_series(0, 2) k where ${pick} and ${range}
       on conflict do nothing`,
    );
  }
  await pool.query('analyze bookings, unavailable_days, member_busy_days');
  const busyCrew = await busyNow();
  log(
    `Calendars: ${busyCrew.toLocaleString('en')} of ${crew.toLocaleString('en')} crew busy on some of the next 90 days (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { busyCrew, crew };
}
