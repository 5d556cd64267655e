import { expect, test } from '@playwright/test';
import { baseUrl, password } from './support/session';

test('staff sign in, see the home cards and programs, switch theme, log out; a wrong password shows the error', async ({
  page,
}) => {
  await page.goto(`${baseUrl()}/signin`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill(password());
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(`${baseUrl()}/`);
  await expect(page.getByText('Administration Panel')).toBeVisible();
  for (const card of [
    'Account Management',
    'Performance Analytics',
    'Trader Overview',
    'Trading Programs',
  ]) {
    await expect(page.getByRole('main').getByText(card, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Demo Admin')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Programs', exact: true })
    .click();
  await expect(page).toHaveURL(`${baseUrl()}/programs`);
  // Other journeys on the same stack add programs such as EVAL50K-0000: match the cell exactly.
  await expect(page.getByRole('cell', { name: 'EVAL50K', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '100K Sim Funded' })).toBeVisible();

  const html = page.locator('html');
  await expect(html).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
  await expect(html).toHaveClass(/light/);
  await page.reload();
  await expect(html).toHaveClass(/light/);

  // Logout ends the session on the server too: the refresh token buys nothing afterwards.
  const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
  const logoutCall = page.waitForResponse('**/api/auth/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/signin`);
  expect((await logoutCall).status()).toBe(200);
  const refresh = await page.request.post(`${baseUrl()}/api/auth/refresh`, {
    data: { refreshToken },
  });
  expect(refresh.status()).toBe(401);

  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await expect(page).toHaveURL(`${baseUrl()}/signin`);
});

test('a visitor without a session who opens programs is sent to sign in', async ({ page }) => {
  await page.goto(`${baseUrl()}/programs`);

  await expect(page).toHaveURL(`${baseUrl()}/signin`);
});

test('an unknown page shows Not Found inside the shell', async ({ page }) => {
  await page.goto(`${baseUrl()}/no-such-page`);

  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Administration Panel')).toBeVisible();
});
