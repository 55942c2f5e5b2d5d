import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { csrf } from './members.ts';

/** Issue 33: "Download my data" on /account, a zip of data.json and the member's photos; once in ten minutes. */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/account-export';

test('a member downloads their data from /account, and is told when they may again', async ({
  page,
  axe,
}) => {
  // Two axe runs and a download: more than the default minute on a loaded machine.
  test.slow();
  const username = `exp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const token = await csrf(page.request);
  const registered = await page.request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/account#data');
  const section = page.getByRole('region', { name: 'Your data' });
  const link = section.getByRole('link', { name: 'Download my data' });
  await expect(link).toHaveAttribute('href', '/api/account/export');
  await axe.expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`crewbase-export-${username}-${today}.zip`);
  const path = await download.path();
  const files = unzipSync(new Uint8Array(await readFile(path)));
  const data = JSON.parse(Buffer.from(files['data.json'] ?? new Uint8Array()).toString('utf8'));
  expect(data.account.username).toBe(username);
  expect(data.account.email).toBe(`${username}@example.com`);
  await expect(
    section.getByText(`Your download has started: crewbase-export-${username}-${today}.zip`),
  ).toBeVisible();

  // Again at once, by keyboard: the server's 429 is shown on the page, with when to try again.
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('alert')).toHaveText(
    'You can download your data once every 10 minutes. Try again in 10 minutes.',
  );
  await axe.expectNoSeriousA11yViolations(page);

  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/account-export-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/account-export-390.png` });
  await expect(link).toBeInViewport();
  // Nothing wider than the phone: the file name wraps.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
