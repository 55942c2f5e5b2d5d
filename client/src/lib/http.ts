/**
 * The one request layer. Every call sends cookies and turns a failed answer into an ApiError whose
 * message follows SPEC §8: error.message (with its timestamp), else message, else the body text,
 * else status and status text.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Builds `path?query`, skipping null and empty values (SPEC §7 "Generic GET queries"). */
export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export async function errorMessageFrom(
  response: Response,
): Promise<{ message: string; fields?: Record<string, string> }> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string; timestamp?: string; fields?: Record<string, string> };
      message?: string;
    };
    if (body.error?.message) {
      const stamp = body.error.timestamp ? ` (${body.error.timestamp})` : '';
      return { message: `${body.error.message}${stamp}`, fields: body.error.fields };
    }
    if (body.message) return { message: body.message };
  } catch {
    // Not JSON: fall through to the plain text.
  }
  if (text.trim()) return { message: text.trim() };
  return { message: `${response.status} ${response.statusText}`.trim() };
}

export async function apiGet<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
  const url = buildUrl(path, params);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'include',
      headers: { accept: 'application/json' },
      signal: combined,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(`Request timeout: ${url}`, 408);
    throw error;
  }
  if (!response.ok) {
    const { message, fields } = await errorMessageFrom(response);
    throw new ApiError(message, response.status, fields);
  }
  return (await response.json()) as T;
}
