import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The demo data the server seeds; shared by the specs that compare the UI with the API. */
export interface ApiRole {
  id: number;
  name: string;
  category: 'pre-production' | 'production' | 'post-production' | 'cast';
  icon: string;
}

export const DEFAULT_TITLE = 'CrewBase | Connect with Film Industry Professionals';

export const CATEGORY_LABELS: Record<ApiRole['category'], string> = {
  'pre-production': 'Pre-production',
  production: 'Production',
  'post-production': 'Post-production',
  cast: 'Cast',
};

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = node.failureSummary?.replace(/\s*\n\s*/g, ' ').trim();
          return `    - ${node.target.join(' ')}${summary ? `\n      ${summary}` : ''}`;
        })
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

export interface AxeHelper {
  /**
   * Runs axe-core on the page as it is now and fails on any violation of impact "serious" or
   * "critical", listing each rule id, its help text and the offending nodes. Wait for the content you
   * care about to be rendered before calling it.
   */
  expectNoSeriousA11yViolations(page: Page): Promise<void>;
}

/** The guided tour's tips (features/tour/tips.ts); a spec that is not about the tour starts with them seen. */
export const TOUR_TIP_IDS = ['welcome', 'search', 'browse', 'profile', 'subscription', 'reviews'] as const;

export const test = base.extend<{ axe: AxeHelper; tourSeen: boolean }>({
  // A server-rendered page (ADR 022) shows its content before the app has hydrated it; a click then
  // would be the browser's own full navigation. After opening such a page (it carries its query
  // answers in #__QUERY_STATE__), wait until the app marks itself ready, as a person would see it.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(
        () =>
          !document.getElementById('__QUERY_STATE__') ||
          document.documentElement.hasAttribute('data-app-ready'),
        undefined,
        { timeout: 30_000 },
      );
      return response;
    };
    await use(page);
  },
  // The tour would otherwise open over the page (and take focus) on a first visit to /, /dashboard and
  // /profile/{id}. site.spec.ts turns this off to test the tour itself.
  tourSeen: [true, { option: true }],
  // Specs mock API answers with page.route, which never sees requests a service worker makes; the
  // worker is tested on its own (site.spec.ts allows it there).
  serviceWorkers: 'block',
  context: async ({ context, tourSeen }, use) => {
    if (tourSeen) {
      await context.addInitScript((ids) => {
        for (const id of ids) window.localStorage.setItem(`tooltip_seen_${id}`, 'true');
      }, TOUR_TIP_IDS);
    }
    await use(context);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here.
  axe: async ({}, use, testInfo) => {
    await use({
      async expectNoSeriousA11yViolations(page: Page) {
        // A part still loading (aria-busy) is checked as it will stay, once it has loaded.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // A toast or dialog still fading in or out blends its colours with the page behind, which
        // axe would read as poor contrast: let finite animations end first (not spinners' loops).
        // Checked frame by frame until none is running, so one that starts while another ends (a
        // toast shown a moment after the change it reports) is waited for too.
        await page.waitForFunction(() =>
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== 'running' ||
                animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
            ),
        );
        // Axe's experimental label-in-name rule too (WCAG 2.5.3: a control's name holds its visible
        // text, so voice-control users can say what they see); Lighthouse runs it.
        const results = await new AxeBuilder({ page })
          .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
          .analyze();
        await testInfo.attach(`axe ${new URL(page.url()).pathname}`, {
          body: JSON.stringify(results.violations, null, 2),
          contentType: 'application/json',
        });
        const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
        expect(
          blocking.length,
          `Serious/critical accessibility violations on ${page.url()}:\n\n${describeViolations(blocking)}\n`,
        ).toBe(0);
      },
    });
  },
});

export { expect };

/** Reads /api/roles and /api/roles/crew-counts through the page's request context. */
export async function fetchRolesWithCounts(page: Page): Promise<(ApiRole & { count: number })[]> {
  const [rolesResponse, countsResponse] = await Promise.all([
    page.request.get('/api/roles'),
    page.request.get('/api/roles/crew-counts'),
  ]);
  expect(rolesResponse.ok()).toBe(true);
  expect(countsResponse.ok()).toBe(true);
  const roles = (await rolesResponse.json()) as ApiRole[];
  const { counts } = (await countsResponse.json()) as { counts: Record<string, number> };
  return roles.map((role) => ({ ...role, count: counts[String(role.id)] ?? 0 }));
}
