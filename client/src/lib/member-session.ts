/**
 * What this browser keeps about a member between page loads (ADR 030), and what signing out clears:
 *
 * - a hint that someone was signed in (`crewbase-member` in localStorage), read by the head script
 *   (public/theme-init.js) so the header's account area paints as a member's placeholder rather than
 *   Log In and Sign Up while the session check is out;
 * - the service worker's runtime caches (`pages`, `public-profiles`, `role-catalogue`): pages and
 *   answers fetched with the member's cookie. The precache (the build's files) holds nothing of
 *   anyone's and stays.
 */
const MEMBER_HINT = 'crewbase-member';

/** Deletes every cache but the build's precache, from the page (CacheStorage is the worker's too). */
export async function clearMemberCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)),
  );
}

/**
 * Before signing out: the caches go, then the hint. In that order, so that a page that unloads in
 * between (a protected page sending the visitor home) leaves the hint, and the next load clears
 * again. Never fails: signing out must go on.
 */
export async function forgetMember(): Promise<void> {
  await clearMemberCaches().catch(() => {});
  try {
    localStorage.removeItem(MEMBER_HINT);
  } catch {
    // Storage switched off: there is no hint either.
  }
}

/**
 * Records what the session check answered. A member who is signed out without this tab asking (a
 * logout in another tab, an expired or revoked session, a deleted account) is found here: the
 * hint said member and the answer is "signed out", so the caches are cleared then.
 */
export function rememberSession(signedIn: boolean): void {
  try {
    const wasMember = localStorage.getItem(MEMBER_HINT) === '1';
    if (signedIn) localStorage.setItem(MEMBER_HINT, '1');
    else if (wasMember) void forgetMember();
  } catch {
    // Storage switched off (privacy settings): no hint, the header shows Log In while it checks.
  }
}
