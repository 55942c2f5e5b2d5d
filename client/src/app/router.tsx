import { createBrowserRouter, matchRoutes, type RouteObject, useRouteError } from 'react-router';
import { ErrorFallback } from '#client/components/error-fallback.tsx';
import { PageLoading } from '#client/components/layout/app-shell.tsx';
import { RequireAuth } from '#client/features/auth/components/require-auth.tsx';
import { withBatchedPreloads } from '#client/lib/batched-preloads.ts';
import { isChunkLoadError, reloadOnceForNewBuild } from '#client/lib/chunk-reload.ts';
import { yieldToBrowser } from '#client/lib/yield-to-browser.ts';
import { RootLayout } from './root-layout.tsx';

function RouteError() {
  const error = useRouteError();
  // A deploy replaced the chunk this page needs: load the new build instead of showing an error.
  if (isChunkLoadError(error) && reloadOnceForNewBuild()) return null;
  console.error('Route error', error);
  return <ErrorFallback onRetry={() => window.location.reload()} />;
}

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});
const legal =
  (name: 'AboutPage' | 'PrivacyPolicyPage' | 'TermsPage' | 'CookiesPage' | 'GdprPage') => async () => ({
    Component: (await import('#client/pages/legal-pages.tsx'))[name],
  });

type SitePage =
  | 'CareersPage'
  | 'TeamPage'
  | 'ContactPage'
  | 'BlogPage'
  | 'BlogPostPage'
  | 'FaqPage'
  | 'SupportPage'
  | 'TestimonialsPage'
  | 'SitemapPage';
const site = (name: SitePage) => async () => ({
  Component: (await import('#client/pages/site-pages.tsx'))[name],
});

type DevPageName =
  | 'SpinnerDemoPage'
  | 'SeoDemoPage'
  | 'BundleOptimizationPage'
  | 'PerformanceBaselinePage'
  | 'TestMetallicPage';
const dev = (name: DevPageName) => async () => ({
  Component: (await import('#client/pages/dev-pages.tsx'))[name],
});
const stepAnalysis = (step: 2 | 3 | 4 | 5 | 6) => ({
  path: `step${step}-analysis`,
  lazy: async () => ({ Component: (await import('#client/pages/dev-pages.tsx')).stepAnalysisPage(step) }),
});

const subscriptionResult = (name: 'SubscriptionSuccessPage' | 'SubscriptionCancelPage') => async () => ({
  Component: (await import('#client/pages/subscription-result-pages.tsx'))[name],
});

/**
 * Every page is its own lazy chunk; the shell (header, footer) loads once. The same route objects
 * render public pages on the server (entry-server.tsx), so there is one copy of the UI.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('#client/pages/home-page.tsx')) },
          { path: 'search', lazy: page(() => import('#client/pages/search-page.tsx')) },
          { path: 'browse', lazy: page(() => import('#client/pages/browse-page.tsx')) },
          { path: 'calls', lazy: page(() => import('#client/pages/calls-page.tsx')) },
          { path: 'calls/:id', lazy: page(() => import('#client/pages/call-page.tsx')) },
          { path: 'about', lazy: legal('AboutPage') },
          { path: 'pricing', lazy: page(() => import('#client/pages/pricing-page.tsx')) },
          { path: 'privacy-policy', lazy: legal('PrivacyPolicyPage') },
          { path: 'terms', lazy: legal('TermsPage') },
          { path: 'cookies', lazy: legal('CookiesPage') },
          { path: 'gdpr', lazy: legal('GdprPage') },
          { path: 'auth', lazy: page(() => import('#client/pages/auth-page.tsx')) },
          { path: 'reset-password', lazy: page(() => import('#client/pages/reset-password-page.tsx')) },
          { path: 'verify-email', lazy: page(() => import('#client/pages/verify-email-page.tsx')) },
          { path: 'account-deleted', lazy: page(() => import('#client/pages/account-deleted-page.tsx')) },
          // SPEC §2: /login and /register are the home page with that modal open (auth-dialogs.tsx).
          { path: 'login', lazy: page(() => import('#client/pages/home-page.tsx')) },
          { path: 'register', lazy: page(() => import('#client/pages/home-page.tsx')) },
          { path: 'careers', lazy: site('CareersPage') },
          { path: 'team', lazy: site('TeamPage') },
          { path: 'contact', lazy: site('ContactPage') },
          { path: 'blog', lazy: site('BlogPage') },
          { path: 'blog/:slug', lazy: site('BlogPostPage') },
          { path: 'faq', lazy: site('FaqPage') },
          { path: 'support', lazy: site('SupportPage') },
          { path: 'testimonials', lazy: site('TestimonialsPage') },
          { path: 'sitemap', lazy: site('SitemapPage') },
          { path: 'spinner-demo', lazy: dev('SpinnerDemoPage') },
          { path: 'seo-demo', lazy: dev('SeoDemoPage') },
          { path: 'bundle-optimization', lazy: dev('BundleOptimizationPage') },
          { path: 'performance-baseline', lazy: dev('PerformanceBaselinePage') },
          { path: 'test-metallic', lazy: dev('TestMetallicPage') },
          ...([2, 3, 4, 5, 6] as const).map(stepAnalysis),
          {
            element: <RequireAuth />,
            children: [
              { path: 'dashboard', lazy: page(() => import('#client/pages/dashboard-page.tsx')) },
              { path: 'account', lazy: page(() => import('#client/pages/account-page.tsx')) },
              { path: 'profile', lazy: page(() => import('#client/pages/profile-redirect-page.tsx')) },
              { path: 'profile/edit', lazy: page(() => import('#client/pages/profile-edit-page.tsx')) },
              { path: 'notifications', lazy: page(() => import('#client/pages/notifications-page.tsx')) },
              {
                path: 'notification-test',
                lazy: page(() => import('#client/pages/notification-test-page.tsx')),
              },
              { path: 'subscription', lazy: page(() => import('#client/pages/subscription-page.tsx')) },
              {
                path: 'subscription/demo-checkout',
                lazy: page(() => import('#client/pages/demo-checkout-page.tsx')),
              },
              { path: 'subscription/success', lazy: subscriptionResult('SubscriptionSuccessPage') },
              { path: 'subscription/cancel', lazy: subscriptionResult('SubscriptionCancelPage') },
              { path: 'payments/:id', lazy: page(() => import('#client/pages/payment-page.tsx')) },
              { path: 'connections', lazy: page(() => import('#client/pages/connections-page.tsx')) },
              { path: 'bookings', lazy: page(() => import('#client/pages/bookings-page.tsx')) },
              { path: 'bookings/:id', lazy: page(() => import('#client/pages/booking-page.tsx')) },
              { path: 'teams', lazy: page(() => import('#client/pages/teams-page.tsx')) },
              { path: 'saved-searches', lazy: page(() => import('#client/pages/saved-searches-page.tsx')) },
              { path: 'calls/new', lazy: page(() => import('#client/pages/call-new-page.tsx')) },
              {
                path: 'calls/:id/edit',
                lazy: async () => ({
                  Component: (await import('#client/pages/call-new-page.tsx')).CallEditPage,
                }),
              },
              { path: 'team-builder', lazy: page(() => import('#client/pages/team-builder-page.tsx')) },
              { path: 'team/:teamId', lazy: page(() => import('#client/pages/team-page.tsx')) },
              {
                path: 'admin/moderation',
                lazy: page(() => import('#client/pages/admin-moderation-page.tsx')),
              },
              { path: 'admin/security', lazy: page(() => import('#client/pages/admin-security-page.tsx')) },
              { path: 'messages', lazy: page(() => import('#client/pages/messages-page.tsx')) },
              {
                path: 'messages/:conversationId',
                lazy: async () => ({
                  Component: (await import('#client/pages/messages-page.tsx')).MessagesRedirect,
                }),
              },
            ],
          },
          { path: 'profile/:id', lazy: page(() => import('#client/pages/profile-page.tsx')) },
          { path: '*', lazy: page(() => import('#client/pages/not-found-page.tsx')) },
        ],
      },
    ],
  },
];

let preloadsBatched = false;

/** In the browser, each lazy route inserts its chunks' preload links at once (lib/batched-preloads.ts). */
function batchPreloadsOfLazyRoutes(list: RouteObject[]) {
  if (preloadsBatched) return;
  preloadsBatched = true;
  const visit = (children: RouteObject[]) => {
    for (const route of children) {
      const load = route.lazy;
      if (typeof load === 'function') route.lazy = (() => withBatchedPreloads(load)) as typeof load;
      if (route.children) visit(route.children);
    }
  };
  visit(list);
}

/**
 * The browser's router. A page the server rendered is hydrated: its lazy route modules are loaded
 * first (react-router's documented way), so the first client render is the server's markup rather
 * than the loading fallback, which would not match it.
 */
export async function createAppRouter({ hydrating }: { hydrating: boolean }) {
  batchPreloadsOfLazyRoutes(routes);
  if (hydrating) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const resolved = await route.lazy();
        Object.assign(route, { ...resolved, lazy: undefined });
      }),
    );
    // The chunks were evaluated in this task; the router is made in the next.
    await yieldToBrowser();
  }
  return createBrowserRouter(routes);
}
