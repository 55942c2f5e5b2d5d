export const DAY_MS = 86_400_000;
// Fixed, not Intl's: en-GB writes September "Sept" in some runtimes and "Sep" in others.
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Whole days from the first to the last, both included ("2027-12-03" to "2027-12-05" is 3). */
export const dayCount = (first: string, last: string) =>
  Math.round((Date.parse(last) - Date.parse(first)) / DAY_MS) + 1;

const parts = (day: string) => {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return {
    day: date.getUTCDate(),
    month: MONTHS[date.getUTCMonth()],
    year: date.getUTCFullYear(),
  };
};

/**
 * Days as people write them (issue 31, invoices and the pay confirmation): "3 Dec 2027",
 * "3–5 Dec 2027", "30 Nov – 2 Dec 2027", "30 Dec 2027 – 2 Jan 2028". Takes YYYY-MM-DD or ISO times.
 */
export function formatDayRange(first: string, last: string): string {
  const [a, b] = [parts(first), parts(last)];
  if (first.slice(0, 10) === last.slice(0, 10)) return `${a.day} ${a.month} ${a.year}`;
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  return `${a.day}–${b.day} ${b.month} ${b.year}`;
}
