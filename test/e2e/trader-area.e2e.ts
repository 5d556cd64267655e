import { expect, test, type Page } from '@playwright/test';
import { capture, expectAccessible } from './support/screens';
import { baseUrl, password } from './support/session';

const SECTIONS = [
  ['accounts', 'Trading Accounts'],
  ['purchase-programs', 'Purchase Programs'],
  ['profile', 'Profile'],
  ['payment-history', 'Payment History'],
  ['bullpen', 'BullPen'],
] as const;

async function traderLogin(page: Page, login: string, secret: string) {
  await page.getByLabel('Username or Email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A staff token for reading another trader's accounts through the API, as a second witness. */
async function staffToken(page: Page): Promise<string> {
  const answer = await page.request.post(`${baseUrl()}/api/auth/admin`, {
    data: { email: 'admin@example.com', password: password() },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

test('the demo trader signs in, uses the hub, tools and MiM, sees only their own dashboard, and logs out', async ({
  page,
}, testInfo) => {
  // Full page loads (the membership site's form post and its way back) on a loaded machine.
  await page.goto(`${baseUrl()}/traders/profile`);
  await expect(page.getByRole('heading', { name: 'Trader Login' })).toBeVisible({
    timeout: 60_000,
  });
  const loginUrl = new URL(page.url());
  expect(loginUrl.pathname).toBe('/trader-login');
  expect(loginUrl.searchParams.get('returnTo')).toBe('profile');
  await expectAccessible(page, 'trader login');
  await capture(page, testInfo, 'trader-login-dark');

  // Our API checks the password, the membership site's form post follows, and returnTo is honoured.
  await traderLogin(page, 'trader@example.com', password());
  await expect(page).toHaveURL(`${baseUrl()}/traders/profile`, { timeout: 60_000 });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Profile' })).toBeVisible({ timeout: 60_000 });
  await expect(main.getByText('Logged In', { exact: true })).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Hub sections' });
  for (const [section, title] of SECTIONS) {
    await tabs.getByRole('button', { name: title }).click();
    await expect(page).toHaveURL(`${baseUrl()}/traders/${section}`);
    await expect(main.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTitle(title)).toBeVisible();
    await expect(tabs.getByRole('button', { name: title })).toBeEnabled();
  }
  await expect(page.frameLocator('iframe[title="BullPen"]').locator('body')).toContainText(
    /Evaluation/,
  );
  await expectAccessible(page, 'trader hub');
  await capture(page, testInfo, 'trader-hub-dark');

  const sidebar = page.getByRole('navigation', { name: 'Trader navigation' });
  await sidebar.getByRole('link', { name: 'TradeChat' }).click();
  await expect(main.getByRole('heading', { name: 'TradeChat' })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveTitle('TradeChat - Deskline Trader Interface');
  await expect(page.getByTitle('TradeChat')).toBeVisible();
  await capture(page, testInfo, 'tradechat-dark');

  await sidebar.getByRole('link', { name: 'MiM' }).click();
  await expect(main.getByRole('heading', { name: 'MiM' })).toBeVisible({ timeout: 60_000 });
  await expect(main.getByText('Logged In', { exact: true })).toBeVisible();
  await expect(page.getByTitle('MiM')).toBeVisible();
  await expectAccessible(page, 'MiM');

  // The own dashboard: the trader's accounts, none of another trader's.
  const token = await staffToken(page);
  const others = await page.request.get(`${baseUrl()}/api/accounts/trader/TR000002`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const otherIds = ((await others.json()) as { accountId: string }[]).map(
    (account) => account.accountId,
  );
  expect(otherIds.length).toBeGreaterThan(0);
  await sidebar.getByRole('link', { name: 'My Dashboard' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/traders/trader-dashboard/TR000001`);
  await expect(main.getByText('TR000001').first()).toBeVisible({ timeout: 60_000 });
  await expect(main.getByRole('table').first()).toBeVisible({ timeout: 60_000 });
  for (const accountId of otherIds) {
    await expect(main.getByText(accountId, { exact: true })).toHaveCount(0);
  }
  await capture(page, testInfo, 'own-dashboard-dark');

  // Another trader's dashboard: the API refuses, the page says so.
  await page.goto(`${baseUrl()}/traders/trader-dashboard/TR000002`);
  await expect(page.getByText(/Error loading trader data/)).toBeVisible({ timeout: 60_000 });
  for (const accountId of otherIds) {
    await expect(page.getByText(accountId, { exact: true })).toHaveCount(0);
  }

  // Light theme, then logout clears the broker keys and goes to /trader-login.
  await page.goto(`${baseUrl()}/traders/accounts`);
  await expect(main.getByRole('heading', { name: 'Trading Accounts' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
  await expect(page.locator('html')).toHaveClass(/light/);
  await expectAccessible(page, 'trader hub (light)');
  await capture(page, testInfo, 'trader-hub-light');
  await page
    .getByRole('complementary', { name: 'Trader sidebar' })
    .getByRole('button', {
      name: 'Logout',
    })
    .click();
  await expect(page).toHaveURL(`${baseUrl()}/trader-login`);
  await expect(page.getByRole('heading', { name: 'Trader Login' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        ['rithmic_user_id', 'rithemi_email', 'rithmic_login', 'user', 'token'].map((key) =>
          localStorage.getItem(key),
        ),
      ),
    )
    .toEqual([null, null, null, null, null]);
});

test('a wrong trader password gets the one message and no session', async ({ page }) => {
  await page.goto(`${baseUrl()}/trader-login`);
  await expect(page.getByRole('heading', { name: 'Trader Login' })).toBeVisible({
    timeout: 60_000,
  });
  await traderLogin(page, 'trader@example.com', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username, email or password');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('staff create a member on /users, sync it on /debug, and the member signs in', async ({
  page,
}, testInfo) => {
  // Full page loads (the membership site's form post and its way back) on a loaded machine.
  const stamp = Date.now();
  const login = `e2e-member-${stamp}`;
  const email = `e2e-member-${stamp}@example.com`;
  const memberPassword = `Member-${stamp}!`;

  await page.goto(`${baseUrl()}/signin`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill(password());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/`);

  await page.goto(`${baseUrl()}/users`);
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Create New User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Login').fill(login);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First Name').fill('Eve');
  await dialog.getByLabel('Last Name').fill('Member');
  await dialog.getByLabel('Password', { exact: true }).fill(memberPassword);
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText(`User "${login}" created successfully!`)).toBeVisible();
  await expect(page.getByRole('button', { name: login })).toBeVisible();
  await expectAccessible(page, 'users');
  await capture(page, testInfo, 'users-dark');

  await page.goto(`${baseUrl()}/debug`);
  await expect(page.getByRole('heading', { name: 'Authentication Debug Console' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByLabel('Sync email').fill(email);
  await page.getByLabel('Sync password (optional)').fill(memberPassword);
  await page.getByRole('button', { name: 'Force Sync' }).click();
  const log = page.getByRole('list', { name: 'Debug log' });
  await expect(log.getByRole('listitem').first()).toContainText('Manual sync completed', {
    timeout: 60_000,
  });
  await page.getByLabel('Member email').fill(email);
  await page.getByRole('button', { name: 'Check Sync Status' }).click();
  await expect(log.getByRole('listitem').first()).toContainText(`Sync status for ${email}: synced`);
  await expectAccessible(page, 'debug');
  await capture(page, testInfo, 'debug-dark');

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/signin`);
  await page.goto(`${baseUrl()}/trader-login`);
  await traderLogin(page, login, memberPassword);
  // No trading record, so no dashboard: the member lands on the hub, not the placeholder.
  await expect(page).toHaveURL(`${baseUrl()}/trader-accounts`, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Trading Accounts' })).toBeVisible({
    timeout: 60_000,
  });
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(user).toMatchObject({ role: 'trader', email });
});
