/** Where /auth sends someone after they sign in: the protected page that sent them there. */
export const NEXT_PARAM = 'next';

export function authPathFor(wanted: string): string {
  return `/auth?${new URLSearchParams({ [NEXT_PARAM]: wanted })}`;
}

/** Only same-site paths: "//evil.example" or "/\evil.example" would leave the site. */
export function safeNextPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/auth' || value.startsWith('/auth?')) return null;
  return value;
}
