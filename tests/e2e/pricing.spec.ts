import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { csrf } from './members.ts';

/**
 * Issue 33: the public /pricing page. Free against Premium, both prices from common/src/premium.ts
 * ($19 a month, $190 a year), a FAQ, rendered on the server with Premium's Offers, and reached from
 * the header (visitors), the footer and the Premium-needed messages.
 */

const PLANS_FOR_VISITORS = '/auth?tab=register&next=%2Fsubscription';

const comparison = (page: Page) => page.getByRole('table', { name: 'Free and Premium, feature by feature' });

test.describe('/pricing', () => {
  test('is rendered on the server: without JavaScript the comparison, both prices and the FAQ show', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/pricing');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Pricing | CrewBase');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Free to be found. Premium to hire.' }),
    ).toBeVisible();
    const plans = page.getByRole('region', { name: 'Plans' });
    await expect(plans.getByText('$19', { exact: true })).toBeVisible();
    await expect(plans.getByText('$190', { exact: true })).toBeVisible();
    await expect(plans.getByText('$0', { exact: true })).toBeVisible();
    const table = comparison(page);
    await expect(table).toBeVisible();
    const premiumOnly = table.getByRole('row', { name: /Send connection requests/ });
    await expect(premiumOnly.getByRole('cell').first()).toHaveText('Not included');
    await expect(premiumOnly.getByRole('cell').last()).toHaveText('Included');
    await expect(table.getByRole('row', { name: /Read reviews/ })).toContainText('Newest 3');
    await expect(
      page.getByText('What happens to my messages, bookings and teams when Premium ends?'),
    ).toBeVisible();
    // A visitor's way to Premium: sign up, then the plans.
    await expect(plans.getByRole('link', { name: 'Sign up for Premium' })).toHaveAttribute(
      'href',
      PLANS_FOR_VISITORS,
    );
    await context.close();
  });

  test('carries a Product with two Offers (monthly and yearly) in JSON-LD', async ({ page }) => {
    const html = await (await page.request.get('/pricing')).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    );
    const product = blocks.find((block) => block['@type'] === 'Product');
    expect(product).toMatchObject({ name: 'CrewBase Premium' });
    const offers = product?.offers as { '@type': string; price: string; priceCurrency: string }[];
    expect(offers).toHaveLength(2);
    expect(offers.map(({ price, priceCurrency }) => [price, priceCurrency])).toEqual([
      ['19.00', 'USD'],
      ['190.00', 'USD'],
    ]);
    for (const offer of offers) expect(offer['@type']).toBe('Offer');
  });

  test('a visitor finds it in the header and the footer, with no accessibility violations', async ({
    page,
    axe,
  }, testInfo) => {
    // axe and a full-page screenshot are slow on a busy machine.
    test.slow();
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Free to be found. Premium to hire.' }),
    ).toBeVisible();
    await expect(comparison(page)).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('pricing-1280.png'), fullPage: true });

    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    // An answer opens in place (native details).
    await page.getByText('Can I cancel at any time?').click();
    await expect(page.getByText(/Premium stays on until the end of the period you paid for/)).toBeVisible();
  });

  test('a visitor signs up from it and lands on the plans', async ({ page }) => {
    await page.goto('/pricing');
    await page
      .getByRole('region', { name: 'Plans' })
      .getByRole('link', { name: 'Sign up for Premium' })
      .click();
    await expect(page).toHaveURL(PLANS_FOR_VISITORS);
    const username = `price${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('Cinematography-42');
    await form.getByLabel('Confirm password').fill('Cinematography-42');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/subscription');
    // SPEC §2: signing up opens the profile setup, over the plans.
    await page
      .getByRole('dialog', { name: 'Set up your profile' })
      .getByRole('button', { name: 'Skip for now' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'CrewBase Premium' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose monthly' })).toBeVisible();
  });

  test('a signed-in free member goes straight to the plans', async ({ page }) => {
    const username = `pricem${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const token = await csrf(page.request);
    const registered = await page.request.post('/api/register', {
      headers: { 'CSRF-Token': token },
      data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/pricing');
    const plans = page.getByRole('region', { name: 'Plans' });
    await plans.getByRole('link', { name: 'Choose your plan' }).click();
    await expect(page).toHaveURL('/subscription');
  });

  test('a Premium-needed message links to it', async ({ page }) => {
    // A visitor's search page locks the advanced filters, saying they are Premium.
    await page.goto('/search?q=gaffer');
    const link = page.getByRole('link', { name: 'Compare plans' }).first();
    await expect(link).toHaveAttribute('href', '/pricing');
    await link.click();
    await expect(page).toHaveURL('/pricing');
    await expect(comparison(page)).toBeVisible();
  });
});

test.describe('/pricing on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits the screen, reads top to bottom, and is reached from the menu', async ({
    page,
    axe,
  }, testInfo) => {
    // axe and a full-page screenshot are slow on a busy machine.
    test.slow();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await expect(comparison(page)).toBeVisible();
    // Nothing wider than the screen: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('pricing-390.png'), fullPage: true });
  });
});
