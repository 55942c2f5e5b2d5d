/**
 * "Download my data" (issue 33, ADR 026): a zip of `data.json` and the member's uploaded images,
 * at most once every ACCOUNT_EXPORT_INTERVAL_MINUTES per member.
 */
export const ACCOUNT_EXPORT_PATH = '/api/account/export';
export const ACCOUNT_EXPORT_INTERVAL_MINUTES = 10;
/** The version of data.json's layout, written in the file: a reader can tell what it holds. */
export const ACCOUNT_EXPORT_FORMAT = 1;

/** "Try again in 7 minutes": whole minutes, rounded up, at least one. */
export function exportTooSoonMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    `You can download your data once every ${ACCOUNT_EXPORT_INTERVAL_MINUTES} minutes. ` +
    `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
  );
}

/** crewbase-export-<username>-<yyyy-mm-dd>.zip, the date in UTC; only safe characters of the name. */
export function exportFileName(username: string, at: Date): string {
  const safe = username.replace(/[^A-Za-z0-9_-]/g, '-');
  return `crewbase-export-${safe}-${at.toISOString().slice(0, 10)}.zip`;
}
