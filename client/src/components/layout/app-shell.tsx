import type { ReactNode } from 'react';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Footer } from './footer.tsx';
import { Header, type HeaderAccountSlots } from './header.tsx';

/**
 * `account` fills the header's account area; `notice` is a strip under the header (the app layer's
 * account notices); `overlays` are page-wide dialogs the app layer adds.
 */
export function AppShell({
  account,
  notice,
  overlays,
}: {
  account?: HeaderAccountSlots;
  notice?: ReactNode;
  overlays?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header account={account} />
      {notice}
      {/* No Suspense boundary around the page (route modules load before a route renders): React
          hydrates a server-rendered boundary later, at idle priority, by when the session check may
          have answered and the page would no longer match the server's HTML (ADR 022). */}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {overlays}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/**
 * Every full page load (a reset link, the redirect after /api/logout) starts at the key "default",
 * so keyed by location.key alone a fresh page would take the scroll position of whatever page was
 * loaded first in the tab. Those loads are keyed by path instead; in-app navigation keeps its key.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname : location.key;
}

export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
