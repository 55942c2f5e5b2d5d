import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Connections and messages (issue 17) with two people at once: the Premium demo account (a
 * producer) and a freshly registered free member (a gaffer), each in a browser of their own.
 */
const DEMO = { username: 'demo', password: 'crewbase-demo' };

async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}

async function register(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const token = await csrf(request);
  const response = await request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
  });
  expect(response.status()).toBe(201);
  return { ...((await response.json()) as { id: number }), username };
}

async function signInAsDemo(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await csrf(page.request);
  const response = await page.request.post('/api/login', {
    headers: { 'CSRF-Token': token },
    data: { ...DEMO, _csrf: token },
  });
  expect(response.ok()).toBe(true);
  return page;
}

const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates:' });

test('a Premium producer connects with a free gaffer and they message each other live, with read receipts', async ({
  page: gaffer,
  browser,
  axe,
}) => {
  test.slow();
  const member = await register(gaffer.request, 'gaf');
  const producer = await signInAsDemo(browser);

  // The producer asks to connect from the gaffer's profile.
  await producer.goto(`/profile/${member.id}`);
  await producer.getByRole('button', { name: 'Connect' }).click();
  await expect(producer.getByRole('button', { name: 'Request sent · Withdraw' })).toBeVisible();

  // The gaffer accepts from the notification.
  await gaffer.goto('/notifications');
  const request = gaffer.getByRole('article', { name: 'Connection request' });
  await expect(request).toContainText('wants to connect with you.');
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(
    gaffer
      .getByRole('region', { name: /^Status messages/, includeHidden: true })
      .getByText('Connection request accepted'),
  ).toBeVisible();

  await gaffer.goto('/connections');
  await expect(gaffer.getByRole('list', { name: 'Your connections' })).toContainText('Alex Rivera');
  await axe.expectNoSeriousA11yViolations(gaffer);

  // The gaffer has Messages open, on a live socket, before the producer writes: the socket is
  // seen live on the notifications page, then the app moves to Messages without a page load.
  await gaffer.goto('/notifications');
  await expect(liveStatus(gaffer)).toHaveText('Live updates: Live');
  await gaffer.evaluate(() => {
    history.pushState({}, '', '/messages');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(gaffer.getByText('No conversations yet')).toBeVisible();

  await producer.reload();
  await expect(producer.getByText('Connected', { exact: true })).toBeVisible();
  await producer.getByRole('button', { name: 'Message' }).click();
  await producer
    .getByLabel(/Message to/)
    .fill('Are you free for a three-day shoot, March 3–5? Details: https://example.com/shoot');
  await producer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(producer).toHaveURL(/\/messages\?conversation=\d+/);
  const producerThread = producer.getByRole('list', { name: 'Messages' });
  await expect(producerThread).toContainText('Are you free for a three-day shoot');

  // It arrives live on the gaffer's open page: the list, bold and counted, then the thread.
  const conversations = gaffer.getByRole('navigation', { name: 'Conversations' });
  const entry = conversations.getByRole('link', { name: /Alex Rivera/ });
  await expect(entry).toContainText('Unread messages: 1');
  await entry.click();
  const gafferThread = gaffer.getByRole('list', { name: 'Messages' });
  await expect(gafferThread).toContainText('Are you free for a three-day shoot');
  await expect(gafferThread.getByRole('link', { name: 'https://example.com/shoot' })).toBeVisible();
  await axe.expectNoSeriousA11yViolations(gaffer);

  // The producer sees it read, without a reload.
  await expect(producer.getByTestId('read-receipt')).toHaveText('Read');

  // The gaffer answers: Shift+Enter makes a new line, Enter sends.
  const composer = gaffer.getByLabel('Write a message');
  await composer.fill('Yes, I am free.');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Day rate as usual?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(gafferThread).toContainText('Day rate as usual?');
  await expect(producerThread).toContainText('Yes, I am free.');
  await expect(producerThread).toContainText('Day rate as usual?');
  await axe.expectNoSeriousA11yViolations(producer);
  await producer.context().close();
});

test('a free member cannot start a conversation: the message names Premium and offers the upgrade', async ({
  page,
  request,
}) => {
  await register(page.request, 'frm');
  // Someone else, signed up through a request context of their own.
  const other = await register(request, 'oth');
  await page.goto(`/profile/${other.id}`);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toContainText('Premium');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
    'href',
    '/subscription',
  );
});

test('on a phone the conversation list opens a conversation, and Back returns to the list @phone', async ({
  page: gaffer,
  browser,
}) => {
  test.slow();
  await gaffer.setViewportSize({ width: 412, height: 915 });
  const member = await register(gaffer.request, 'phn');
  const producer = await signInAsDemo(browser);
  const token = await csrf(producer.request);
  const started = await producer.request.post('/api/conversations', {
    headers: { 'CSRF-Token': token },
    data: { userId: member.id, body: 'Hello from the production office', _csrf: token },
  });
  expect(started.status()).toBe(201);
  await producer.context().close();

  await gaffer.goto('/messages');
  const list = gaffer.getByRole('navigation', { name: 'Conversations' });
  await list.getByRole('link', { name: /Alex Rivera/ }).click();
  await expect(gaffer.getByRole('list', { name: 'Messages' })).toContainText(
    'Hello from the production office',
  );
  await expect(list).toBeHidden();
  await gaffer.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(list).toBeVisible();
  expect(await gaffer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
});
