import { CSRF, REQUEST_TIMEOUT_MS } from '#common/limits';

/**
 * The CSRF token for writes (SPEC §4, §7). It lives in this module's memory only: storage would let
 * any script on the origin, or a later visitor of a shared computer, read it.
 *
 * The token is fetched on the first write, not at start-up, so visitors who only browse never ask
 * for one. After that a timer replaces it 2 minutes before it expires; a write also fetches a new
 * one itself when the held token is that close to expiry, because background tabs and sleeping
 * laptops delay timers.
 */
const CSRF_TOKEN_PATH = '/api/csrf-token';

interface HeldToken {
  value: string;
  expiresAt: number;
}

let held: HeldToken | null = null;
let inFlight: Promise<HeldToken | null> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped by clearCsrfToken, so a fetch started for the previous session does not store its answer. */
let session = 0;

const isFresh = (token: HeldToken, now: number) => now < token.expiresAt - CSRF.refreshBeforeMs;

/** The token to send with a write, or null when none can be obtained (the write must then not be sent). */
export async function getCsrfToken(): Promise<string | null> {
  if (held && isFresh(held, Date.now())) return held.value;
  const fetched = await fetchShared();
  if (fetched) return fetched.value;
  // The refresh failed but the held token has not expired yet: it is still accepted, so use it.
  return held && Date.now() < held.expiresAt ? held.value : null;
}

/**
 * Forgets the token. The server binds tokens to the session, so the auth code calls this after login
 * and logout; the next write fetches a token for the new session.
 */
export function clearCsrfToken(): void {
  held = null;
  inFlight = null;
  clearTimeout(refreshTimer);
  session++;
}

/** Callers that need a token at the same moment share one request. */
function fetchShared(): Promise<HeldToken | null> {
  if (inFlight) return inFlight;
  const request = fetchToken(session).finally(() => {
    if (inFlight === request) inFlight = null;
  });
  inFlight = request;
  return request;
}

async function fetchToken(requestedIn: number): Promise<HeldToken | null> {
  let body: { csrfToken?: unknown; expiresAt?: unknown };
  try {
    const response = await fetch(CSRF_TOKEN_PATH, {
      credentials: 'include',
      cache: 'no-store',
      headers: { accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    body = await response.json();
  } catch {
    return null;
  }
  if (typeof body.csrfToken !== 'string' || body.csrfToken === '') return null;
  const token = { value: body.csrfToken, expiresAt: expiryOf(body.expiresAt) };
  if (requestedIn === session) {
    held = token;
    scheduleRefresh(token);
  }
  return token;
}

/** Without a readable expiresAt, assume the shortest lifetime (anonymous, 5 min): early beats late. */
function expiryOf(expiresAt: unknown): number {
  const parsed = typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN;
  return Number.isNaN(parsed) ? Date.now() + CSRF.anonymousLifetimeMs : parsed;
}

function scheduleRefresh(token: HeldToken): void {
  clearTimeout(refreshTimer);
  const delay = token.expiresAt - CSRF.refreshBeforeMs - Date.now();
  // A token that lives less than the refresh margin is replaced on demand by the next write instead.
  if (delay > 0) refreshTimer = setTimeout(() => void fetchShared(), delay);
}
