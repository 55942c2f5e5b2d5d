import { type BrowserContext, devices, type Page } from '@playwright/test';
import { cookieNames } from '../../server/src/config.ts';
import { expect, test } from './fixtures.ts';

interface Account {
  id: number;
  username: string;
  email: string;
  password: string;
}

const PASSWORD = 'Cinematography-42';
// The browser tests' server runs without PUBLIC_URL, over plain http (playwright.config.ts).
const SESSION_COOKIE = cookieNames(new URL('http://127.0.0.1')).session;
const DAY_SECONDS = 86_400;

let counter = 0;
function newCredentials() {
  counter += 1;
  const username = `e2e${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username, email: `${username}@example.com`, password: PASSWORD };
}

/** Signs up through the API (the page's cookie jar then holds the new session). */
async function createAccount(page: Page): Promise<Account> {
  const credentials = newCredentials();
  const tokenResponse = await page.request.get('/api/csrf-token');
  expect(tokenResponse.ok()).toBe(true);
  const { csrfToken } = (await tokenResponse.json()) as { csrfToken: string };
  const response = await page.request.post('/api/register', {
    headers: { 'CSRF-Token': csrfToken },
    data: { ...credentials, _csrf: csrfToken },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { id, ...credentials };
}

/** Signs in through the API, as the login form would (the page's cookie jar then holds the session). */
async function signInThroughApi(page: Page, account: Account) {
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
  const response = await page.request.post('/api/login', {
    headers: { 'CSRF-Token': csrfToken },
    data: { username: account.username, password: account.password, _csrf: csrfToken },
  });
  expect(response.status()).toBe(200);
}

/** An account that exists, with the browser signed out of it. */
async function createSignedOutAccount(page: Page): Promise<Account> {
  const account = await createAccount(page);
  await page.context().clearCookies();
  return account;
}

const header = (page: Page) => page.getByRole('banner');
const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome back' });
const registerDialog = (page: Page) => page.getByRole('dialog', { name: 'Join CrewBase' });
const accountMenuButton = (page: Page) => header(page).getByRole('button', { name: 'Account menu' });
/**
 * A toast's title, inside the toast viewport's region (its name ends with the F8 hotkey). While a
 * modal is open the region is aria-hidden (Radix announces the toast separately), hence includeHidden.
 */
const toastRegion = (page: Page) =>
  page.getByRole('region', { name: /^Status messages/, includeHidden: true });
const toastTitled = (page: Page, title: string) => toastRegion(page).getByText(title, { exact: true });

async function openLoginModal(page: Page) {
  await header(page).getByRole('button', { name: 'Log In' }).click();
  await expect(loginDialog(page)).toBeVisible();
  await expect(loginDialog(page).getByLabel('Username or email')).toBeFocused();
}

async function openRegisterModal(page: Page) {
  await header(page).getByRole('button', { name: 'Sign Up' }).click();
  await expect(registerDialog(page)).toBeVisible();
}

async function logInWithModal(page: Page, account: Account, { rememberMe }: { rememberMe: boolean }) {
  await openLoginModal(page);
  const dialog = loginDialog(page);
  await dialog.getByLabel('Username or email').fill(account.username);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  if (rememberMe) await dialog.getByRole('checkbox', { name: 'Stay logged in for 30 days' }).check();
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toastTitled(page, 'Login successful')).toBeVisible();
  await expect(accountMenuButton(page)).toBeVisible();
}

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`No ${SESSION_COOKIE} cookie`);
  return cookie;
}

test.describe('Sign up', () => {
  test('the register modal creates the account, signs in, and the header shows the account menu', async ({
    page,
  }) => {
    const credentials = newCredentials();
    await page.goto('/');
    await openRegisterModal(page);
    const dialog = registerDialog(page);
    await dialog.getByLabel('Username').fill(credentials.username);
    await dialog.getByLabel('Email').fill(credentials.email);
    await dialog.getByLabel('Password', { exact: true }).fill(credentials.password);
    await dialog.getByLabel('Confirm password').fill(credentials.password);
    await dialog.getByRole('button', { name: 'Create account' }).click();

    // SPEC §2: the form hides and the profile setup dialog opens; "Skip for now" closes it.
    await expect(registerDialog(page)).toHaveCount(0);
    const setup = page.getByRole('dialog', { name: 'Set up your profile' });
    await expect(setup).toBeVisible();
    await expect(toastTitled(page, 'Registration successful')).toBeVisible();
    await expect(
      toastRegion(page).getByText('Your account has been created. Please set up your profile.'),
    ).toBeVisible();
    await setup.getByRole('button', { name: 'Skip for now' }).click();
    await expect(setup).toBeHidden();

    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    const { id } = (await me.json()) as { id: number };

    await expect(header(page).getByRole('button', { name: 'Log In' })).toHaveCount(0);
    await accountMenuButton(page).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(credentials.username)).toBeVisible();
    await expect(menu.getByText('Free', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute(
      'href',
      `/profile/${id}`,
    );
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Upgrade',
      'My Profile',
      'Dashboard',
      'Notifications',
      'Account settings',
      // Issue 31: every member's work, free crew included.
      'Bookings',
      'Messages',
      'Teams',
      // Issue 35.
      'Saved searches',
      'Logout',
    ]);
    // A free account sees no premium links, and no messages icon in the header.
    await expect(menu.getByRole('menuitem', { name: 'Connections' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Messages' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(accountMenuButton(page)).toBeFocused();
  });

  test('the register modal checks the fields, "Passwords don\'t match" included, and shows a taken username', async ({
    page,
  }) => {
    const existing = await createSignedOutAccount(page);
    await page.goto('/');
    await openRegisterModal(page);
    const dialog = registerDialog(page);
    await dialog.getByLabel('Username').fill('ab');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
    await expect(dialog.getByText("Passwords don't match")).toBeVisible();
    await expect(dialog.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Username').fill(existing.username);
    await dialog.getByLabel('Email').fill(newCredentials().email);
    await dialog.getByLabel('Confirm password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('That username is taken')).toBeVisible();
    await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(toastTitled(page, 'Registration failed')).toBeVisible();
  });

  test('the register modal links to the login modal and to the legal pages', async ({ page }) => {
    await page.goto('/');
    await openRegisterModal(page);
    await expect(registerDialog(page).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(registerDialog(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await registerDialog(page).getByRole('button', { name: 'Log in' }).click();
    await expect(loginDialog(page)).toBeVisible();
    await expect(loginDialog(page).getByLabel('Username or email')).toBeFocused();
  });
});

test.describe('Log in', () => {
  test('the login modal shows the SPEC messages for empty fields and the server error in the form', async ({
    page,
  }) => {
    const account = await createSignedOutAccount(page);
    await page.goto('/');
    await openLoginModal(page);
    const dialog = loginDialog(page);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(dialog.getByText('Please enter your username or email')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();

    await dialog.getByLabel('Username or email').fill(account.username);
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(toastTitled(page, 'Login failed')).toBeVisible();
  });

  test('"Stay logged in for 30 days" sets a 30-day session cookie; without it the cookie ends with the browser', async ({
    page,
    context,
  }) => {
    const account = await createSignedOutAccount(page);
    await page.goto('/');
    await logInWithModal(page, account, { rememberMe: true });
    const persistent = await sessionCookie(context);
    const in30Days = Date.now() / 1000 + 30 * DAY_SECONDS;
    expect(Math.abs(persistent.expires - in30Days)).toBeLessThan(DAY_SECONDS / 24);
    expect(persistent.httpOnly).toBe(true);

    await context.clearCookies();
    await page.goto('/');
    await logInWithModal(page, account, { rememberMe: false });
    expect((await sessionCookie(context)).expires).toBe(-1);
  });

  test('signing in with an email works too, and "Forgot your password?" opens the reset flow', async ({
    page,
  }) => {
    const account = await createSignedOutAccount(page);
    await page.goto('/');
    await openLoginModal(page);
    await loginDialog(page).getByRole('button', { name: 'Forgot your password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(forgot).toBeVisible();
    await expect(loginDialog(page)).toHaveCount(0);
    await forgot.getByLabel('Email').fill(account.email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect(forgot.getByRole('status')).toContainText("we've sent it a link to reset the password");
    await forgot.getByRole('button', { name: 'Back to log in' }).click();

    const dialog = loginDialog(page);
    await dialog.getByLabel('Username or email').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(accountMenuButton(page)).toBeVisible();
  });

  test('/auth shows the error the server sends back, and a signed-in user is sent on to /', async ({
    page,
  }) => {
    // The server has no Google credentials here: its sign-in comes back with the code for that.
    await page.goto('/api/auth/google/login');
    await expect(page).toHaveURL('/auth?error=google_not_configured');
    await expect(page.getByRole('alert')).toHaveText('Google sign-in is not configured on this server');
    await expect(page).toHaveTitle('Log In | CrewBase');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('main').getByLabel('Confirm password')).toBeVisible();

    await createAccount(page);
    await page.goto('/auth');
    await expect(page).toHaveURL('/');
    await expect(accountMenuButton(page)).toBeVisible();
  });
});

test('/auth?error= shows only the app’s own texts, never words from the URL', async ({ page }) => {
  const planted = [
    '<script>document.title="owned"</script>',
    '<img src=x onerror="document.title=\'owned\'">',
    'Your account is locked. Call +1 555 0100 to unlock it.',
    'Google sign-in is not configured on this server',
    'toString',
  ];
  for (const words of planted) {
    await page.goto(`/auth?error=${encodeURIComponent(words)}`);
    await expect(page.getByRole('heading', { name: 'Log in to CrewBase' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(words, { exact: false })).toHaveCount(0);
    await expect(page).toHaveTitle('Log In | CrewBase');
  }
  await page.goto('/auth?error=cancelled');
  await expect(page.getByRole('alert')).toHaveText('Sign-in was cancelled.');
});

test.describe('Protected routes', () => {
  test('/dashboard sends a signed-out visitor to /auth, and back to /dashboard after login', async ({
    page,
  }) => {
    const account = await createSignedOutAccount(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/auth?next=%2Fdashboard');
    const main = page.getByRole('main');
    await main.getByLabel('Username or email').fill(account.username);
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    await main.getByRole('button', { name: 'Log In', exact: true }).click();

    await expect(page).toHaveURL('/dashboard');
    await expect(
      // The dashboard greets the user by name.
      page.getByRole('heading', { level: 1, name: new RegExp(account.username, 'i') }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Dashboard | CrewBase');
    await expect(main.getByRole('link', { name: /My Profile/ })).toHaveAttribute(
      'href',
      `/profile/${account.id}`,
    );
  });

  test('while the session is being checked a full-page "Loading..." shows', async ({ page }) => {
    await createAccount(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/account');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading...');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  });

  test('/profile leads a signed-in user to their own profile', async ({ page }) => {
    const account = await createAccount(page);
    await page.goto('/profile');
    await expect(page).toHaveURL(`/profile/${account.id}`);
  });
});

test.describe('Log out', () => {
  test('Logout in the account menu ends the session and lands on /', async ({ page }) => {
    await createAccount(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(accountMenuButton(page)).toHaveCount(0);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});

test.describe('Account settings', () => {
  test('email and password changes need the current password; Log out lands on / signed out', async ({
    page,
  }) => {
    const account = await createAccount(page);
    await page.goto('/account');
    await expect(page).toHaveTitle('Account settings | CrewBase');
    const passwordSection = page.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel('Current password').fill('not-the-password');
    await passwordSection.getByLabel('New password', { exact: true }).fill('Another-Take-77');
    await passwordSection.getByLabel('Confirm new password').fill('Another-Take-77');
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordSection.getByText('Your current password is not correct')).toBeVisible();
    await expect(passwordSection.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

    const emailSection = page.getByRole('region', { name: 'Email', exact: true });
    const newEmail = newCredentials().email;
    await emailSection.getByLabel('New email').fill(newEmail);
    await emailSection.getByLabel('Current password').fill(account.password);
    await emailSection.getByRole('button', { name: 'Change email' }).click();
    // The new address takes over when the link mailed to it is opened (verify-email.spec.ts).
    await expect(toastTitled(page, 'Check your new inbox')).toBeVisible();
    await expect(emailSection.getByRole('status')).toHaveText(
      `We sent a link to ${newEmail}. Your email changes when you open it.`,
    );
    await expect(emailSection.getByText(account.email, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  test('"Your devices" lists both browsers; signing the other one out ends its session', async ({
    page,
    browser,
    axe,
  }) => {
    const account = await createAccount(page);
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    const third = await browser.newContext();
    try {
      await signInThroughApi(otherPage, account);
      await page.goto('/account');
      const devices = page.getByRole('region', { name: 'Your devices' });
      const list = devices.getByRole('list', { name: 'Signed-in devices' });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      // Newest first: the other browser, then this one.
      await expect(list.getByRole('listitem').first().getByText('This device')).toHaveCount(0);
      await expect(list.getByRole('listitem').last().getByText('This device')).toBeVisible();
      await expect(list.getByRole('listitem').first()).toContainText('Chrome on');
      await axe.expectNoSeriousA11yViolations(page);

      await list.getByRole('button', { name: /^Sign out / }).click();
      await expect(toastTitled(page, 'Device signed out')).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(devices.getByText('You are not signed in anywhere else.')).toBeVisible();
      expect((await otherPage.request.get('/api/auth/me')).status()).toBe(401);
      expect((await page.request.get('/api/auth/me')).status()).toBe(200);

      // "Sign out everywhere else" ends a browser signed in since the page loaded.
      const thirdPage = await third.newPage();
      await signInThroughApi(thirdPage, account);
      await page.reload();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await expect(toastTitled(page, 'Signed out everywhere else')).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      expect((await thirdPage.request.get('/api/auth/me')).status()).toBe(401);
      expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    } finally {
      await elsewhere.close();
      await third.close();
    }
  });
});

test.describe('Account menu on a phone', () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('the side panel holds the account links and Logout @phone', async ({ page }) => {
    const account = await createAccount(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText([
      'My Profile',
      'Dashboard',
      'Notifications',
      'Account settings',
    ]);
    await expect(panel.getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      `/profile/${account.id}`,
    );
    await expect(panel.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    await panel.getByRole('link', { name: 'Dashboard' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL('/dashboard');
  });
});

test.describe('Accessibility', () => {
  test('the open login and register dialogs have no serious violations', async ({ page, axe }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured roles' }).getByRole('link')).toHaveCount(8);
    await openLoginModal(page);
    await loginDialog(page).getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(loginDialog(page).getByText('Please enter your username or email')).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);

    await loginDialog(page).getByRole('button', { name: 'Sign up' }).click();
    await expect(registerDialog(page)).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
  });

  test('/auth and the signed-in dashboard have no serious violations', async ({ page, axe }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to CrewBase' })).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);

    await createAccount(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await accountMenuButton(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
  });
});
