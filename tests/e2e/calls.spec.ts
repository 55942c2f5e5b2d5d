import type { BrowserContextOptions, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerCrew, signInAsProducer } from './members.ts';

/**
 * Issue 36, crew calls in the browser: a Premium producer posts a call; a crew member finds it on
 * /calls and applies; the producer shortlists and books them; the crew member sees the booking
 * request and accepts it. Runs at desktop width and, tagged @phone, on a phone.
 */

/** As the fixture's page.goto does: a server-rendered page is used once the app has taken it over. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(
    () =>
      !document.getElementById('__QUERY_STATE__') || document.documentElement.hasAttribute('data-app-ready'),
    undefined,
    { timeout: 30_000 },
  );
}

const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const toasts = (page: Page) => page.getByRole('region', { name: /^Status messages/, includeHidden: true });
/** A full-page picture of where the flow is, kept with the run's output (1280 px, or 390 on a phone). */
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: test.info().outputPath(`${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('Crew calls', () => {
  test('a producer posts a call, crew apply from /calls, the producer shortlists and books them, and they accept @phone', async ({
    page: crew,
    browser,
    axe,
  }, testInfo) => {
    // Two people, three pages each, axe five times: minutes on a loaded two-core machine.
    test.setTimeout(360_000);
    const { isMobile, hasTouch, userAgent, deviceScaleFactor } = testInfo.project.use;
    const viewport = isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 };
    await crew.setViewportSize(viewport);
    const device: BrowserContextOptions = { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor };
    const producer = await signInAsProducer(browser, device);
    await producer.context().addInitScript(() => {
      for (const id of ['welcome', 'search', 'browse', 'profile', 'subscription', 'reviews'])
        window.localStorage.setItem(`tooltip_seen_${id}`, 'true');
    });
    const place = `Callville ${Math.random().toString(36).slice(2, 8)}`;
    const title = `Gaffer for a three-day shoot in ${place}`;

    // The producer posts the call; the form's own rules speak first.
    await open(producer, '/calls/new');
    await expect(producer.getByRole('heading', { name: 'Post a crew call' })).toBeVisible({
      timeout: 30_000,
    });
    await producer.getByRole('button', { name: 'Post call' }).click();
    await expect(producer.getByText('The title must be at least 5 characters')).toBeVisible();
    await producer.getByLabel('Title').fill(title);
    await producer.getByLabel('Role').selectOption({ label: 'Gaffer' });
    await producer.getByLabel('Place', { exact: true }).fill(place);
    await producer.getByLabel('First day').fill(dayFromToday(20));
    await producer.getByLabel('Last day').fill(dayFromToday(22));
    await producer.getByLabel('Applications close').fill(dayFromToday(25));
    await producer.getByLabel('From', { exact: true }).fill('450');
    await producer.getByLabel('To', { exact: true }).fill('600');
    await producer.getByLabel('Description').fill('Three days on a short film. Own kit welcome.');
    await producer.getByRole('button', { name: 'Post call' }).click();
    await expect(producer.getByText('Applications must close on or before the first day')).toBeVisible();
    await shot(producer, 'call-form-errors');
    await producer.getByLabel('Applications close').fill(dayFromToday(10));
    await axe.expectNoSeriousA11yViolations(producer);
    await producer.getByRole('button', { name: 'Post call' }).click();
    await expect(producer).toHaveURL(/\/calls\/\d+$/);
    const callPath = new URL(producer.url()).pathname;
    await expect(producer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(producer.getByText('$450–$600 / day')).toBeVisible();
    await shot(producer, 'call-owner-new');

    // The crew member finds it on /calls by its place, and applies.
    const member = await registerCrew(crew.request, 'Gaffer', 'call');
    await crew.goto('/calls');
    await crew.getByLabel('Place').fill(place);
    await crew.getByRole('button', { name: 'Search' }).click();
    await expect(crew).toHaveURL(/location=Callville/);
    const calls = crew.getByRole('list', { name: 'Open calls' });
    await expect(calls.getByRole('listitem')).toHaveCount(1);
    await expect(calls).toContainText('$450–$600 / day');
    await axe.expectNoSeriousA11yViolations(crew);
    expect(await fitsWidth(crew)).toBe(true);
    await shot(crew, 'calls-list');
    await calls.getByRole('link', { name: title }).click();
    await expect(crew).toHaveURL(callPath);
    await crew.getByRole('button', { name: 'Apply' }).click();
    const dialog = crew.getByRole('dialog', { name: `Apply: ${title}` });
    await dialog.getByLabel('Note (optional)').fill('Ten years as a gaffer, free on all three days.');
    await expect(dialog.getByText('46/1000')).toBeVisible();
    await shot(crew, 'call-apply-dialog');
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await expect(toasts(crew).getByText('Application sent')).toBeVisible();
    await expect(crew.getByText('Your application')).toBeVisible();
    await expect(crew.getByText('Applied', { exact: true })).toBeVisible();
    await axe.expectNoSeriousA11yViolations(crew);
    await shot(crew, 'call-applied');

    // The producer shortlists, then books them.
    // The producer's dashboard counts the application and leads to it.
    await open(producer, '/dashboard');
    const myCalls = producer.getByRole('list', { name: 'My calls' });
    await expect(myCalls).toContainText('1 application');
    await producer.getByRole('region', { name: 'Crew calls' }).scrollIntoViewIfNeeded();
    await shot(producer, 'dashboard-my-calls');
    await myCalls.getByRole('link', { name: new RegExp(title) }).click();
    await expect(producer).toHaveURL(`${callPath}#applications`);
    const applicant = producer.getByRole('listitem', { name: member.name });
    await expect(applicant).toContainText('Ten years as a gaffer');
    await applicant.getByRole('button', { name: `Shortlist ${member.name}` }).click();
    await expect(applicant.getByText('Shortlisted', { exact: true })).toBeVisible();
    // The badge shows before the server answers; the toast comes with the answer. Axe runs once
    // it is there (and has finished fading in), not while it slides over the footer.
    await expect(toasts(producer).getByText(`${member.name} shortlisted`)).toBeVisible();
    await axe.expectNoSeriousA11yViolations(producer);
    await applicant.getByRole('button', { name: `Book ${member.name}` }).click();
    const book = producer.getByRole('dialog', { name: `Book ${member.name}?` });
    await expect(book.getByLabel('Day rate (USD)')).toHaveValue('600');
    await shot(producer, 'call-book-dialog');
    await book.getByRole('button', { name: 'Send booking request' }).click();
    await expect(toasts(producer).getByText('Booking request sent')).toBeVisible();
    await expect(applicant.getByText('Booked', { exact: true })).toBeVisible();
    await expect(applicant.getByRole('link', { name: 'View booking' })).toBeVisible();
    expect(await fitsWidth(producer)).toBe(true);
    await shot(producer, 'call-owner-applications');

    // The crew member sees the booking request and accepts it.
    await crew.reload();
    await expect(crew.getByText('Booked', { exact: true })).toBeVisible();
    await crew.getByRole('link', { name: 'Answer it in Bookings' }).click();
    await crew
      .getByRole('link', { name: /Gaffer/ })
      .first()
      .click();
    await expect(crew).toHaveURL(/\/bookings\/\d+$/);
    await crew.getByRole('button', { name: 'Accept' }).click();
    await expect(toasts(crew).getByText('Booking request accepted')).toBeVisible();

    // Their dashboard lists the application.
    await crew.goto('/dashboard');
    await crew.getByRole('tab', { name: 'Applications' }).click();
    await expect(crew.getByRole('list', { name: 'My applications' })).toContainText(title);
    await shot(crew, 'dashboard-applications');
    await producer.context().close();
  });

  test('a free member meets the Premium prompt instead of the form @phone', async ({ page }) => {
    await registerCrew(page.request, 'Gaffer', 'call');
    await page.goto('/calls/new');
    await expect(page.getByRole('heading', { name: 'Posting a crew call needs Premium' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    await expect(page.getByLabel('Title')).toHaveCount(0);
    await shot(page, 'call-new-free');
  });

  test('an empty list says so, with a way to clear the filters @phone', async ({ page, axe }) => {
    await page.goto('/calls?location=Nowhere-at-all-zzz');
    await expect(page.getByText('No open calls match')).toBeVisible();
    await shot(page, 'calls-empty');
    await axe.expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/calls$/);
    await expect(page.getByLabel('Place')).toHaveValue('');
  });
});
