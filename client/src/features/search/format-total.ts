import { formatCount } from '#client/lib/format.ts';

/**
 * "1,234 crew" when the server counted exactly; past its exact-count limit the total is the
 * planner's estimate, so it reads as one: rounded to two significant figures, "about 14,000 crew".
 */
export function formatCrewTotal(total: number, estimated: boolean): string {
  return `${formatTotal(total, estimated)} crew`;
}

/** The number alone: "1,234", or "about 14,000" for an estimate. */
export function formatTotal(total: number, estimated: boolean): string {
  if (!estimated) return formatCount(total);
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(total, 1))) - 1);
  const rounded = Math.round(total / magnitude) * magnitude;
  return `about ${formatCount(rounded)}`;
}
