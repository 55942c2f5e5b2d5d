import { formatMonthYear } from '#client/lib/format.ts';
import { personName } from '#common/people';
import type { PublicProfile } from '#common/schemas/profiles';

export const profileNameOf = (profile: Pick<PublicProfile, 'displayName' | 'fallbackName'>) =>
  personName(profile);

/** Dates arrive as YYYY-MM-DD; read and print them in UTC so no time zone shifts the month. */
function utcDate(isoDate: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

export const formatMonth = (isoDate: string) => formatMonthYear(utcDate(isoDate), 'short');

/**
 * "Mar 2024 – Present" while the job is running, "Mar 2024 – Jun 2024" once it ended, "Mar 2024"
 * for a job inside one month, and nothing when no date was given.
 */
export function formatDateRange(startDate: string | null, endDate: string | null): string | null {
  if (!startDate && !endDate) return null;
  if (!startDate) return `Until ${formatMonth(endDate as string)}`;
  const start = formatMonth(startDate);
  if (!endDate) return `${start} – Present`;
  const end = formatMonth(endDate);
  return start === end ? start : `${start} – ${end}`;
}

export const formatMemberSince = (timestamp: string) => formatMonthYear(new Date(timestamp), 'long');

/** Contact info is free text; an email address or a web address becomes a link. */
export function contactHref(contactInfo: string): string | null {
  const text = contactInfo.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return `mailto:${text}`;
  if (/^https?:\/\/\S+$/i.test(text)) return text;
  if (/^www\.\S+\.\S+$/i.test(text)) return `https://${text}`;
  if (/^\+?[\d\s().-]{7,}$/.test(text)) return `tel:${text.replace(/[^\d+]/g, '')}`;
  return null;
}

export function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
