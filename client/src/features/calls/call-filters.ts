import { LIMITS } from '#common/limits';

/**
 * /calls' filters as the address carries them (the names are GET /api/calls' own: `role`,
 * `location`, `from`, `to`, `q`), so the filter form can be a plain GET form (ADR 028) and a link
 * to a filtered list can be shared. Parsing forgives what it cannot read; writing leaves out what
 * is not set, so equal filters give equal addresses and equal query keys.
 */
export interface CallFilters {
  role: number | null;
  location: string;
  from: string | null;
  to: string | null;
  q: string;
}

export const NO_CALL_FILTERS: CallFilters = { role: null, location: '', from: null, to: null, q: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;

export function parseCallFilters(params: URLSearchParams): CallFilters {
  const role = params.get('role') ?? '';
  const roleId = /^\d{1,9}$/.test(role) && Number(role) > 0 ? Number(role) : null;
  let from = day(params.get('from'));
  let to = day(params.get('to'));
  // Dates given the wrong way round mean the same span.
  if (from && to && to < from) [from, to] = [to, from];
  return {
    role: roleId,
    location: (params.get('location') ?? '').trim().slice(0, LIMITS.locationMax),
    from,
    to,
    q: (params.get('q') ?? '').trim().slice(0, 200),
  };
}

/** The API's (and the address's) parameters: only what is set. */
export function callFilterParams(filters: CallFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q) params.q = filters.q;
  if (filters.role !== null) params.role = String(filters.role);
  if (filters.location) params.location = filters.location;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  return params;
}

export function callsHref(filters: CallFilters): string {
  const query = new URLSearchParams(callFilterParams(filters)).toString();
  return query ? `/calls?${query}` : '/calls';
}

export const hasCallFilters = (filters: CallFilters) => Object.keys(callFilterParams(filters)).length > 0;
