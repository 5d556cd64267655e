import { expect, test } from '@playwright/test';
import { baseUrl, signIn } from './support/session';
import { expectAccessible } from './support/walk';

const LOAD = { timeout: 30_000 };

test('staff open a failed demo account from the failures list and follow Phase Failed to the failing day', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);

  // The home's glance: the day's failures and passes, each card a link to its list.
  const outcomes = page.getByRole('region', { name: 'Failed and Passed' });
  await expect(outcomes).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'home, dark');
  await page.screenshot({ path: testInfo.outputPath('home-dark.png'), fullPage: true });
  await outcomes.getByRole('link', { name: 'Failed and Passed' }).click();

  // Rule Violations lists every failed account with its decisive rule.
  await expect(page).toHaveURL(`${baseUrl()}/performance/dashboard?tab=violations`);
  const failures = page.getByRole('table', { name: 'Failed accounts' });
  await expect(failures).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /^Failed Accounts \(\d+\)$/ })).toBeVisible();
  const row = failures.getByRole('row').nth(1);
  const failedOn = (await row.getByRole('cell').nth(0).textContent())!.trim();
  const rule = (await row.getByRole('cell').nth(4).getByRole('paragraph').first().textContent())!;
  const accountId = (await row.getByRole('cell').nth(1).getByRole('link').textContent())!;
  expect(failedOn).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(rule.length).toBeGreaterThan(0);
  await expectAccessible(page, 'Rule Violations, dark');
  await page.screenshot({ path: testInfo.outputPath('failures-dark.png'), fullPage: true });

  // The account page names the rule beside the failing day and links to that day's conformance.
  await row.getByRole('link', { name: accountId, exact: true }).click();
  await expect(page).toHaveURL(`${baseUrl()}/summaries/account/${accountId}`);
  const phaseFailed = page.getByRole('link', { name: `${failedOn} · ${rule}` });
  await expect(phaseFailed).toBeVisible({ timeout: 30_000 });
  // The verdict explained: the decisive rule first, breached on the failing day, with its numbers,
  // and the account's path drawn.
  const decisive = page
    .getByRole('list', { name: 'Standing per rule' })
    .getByRole('listitem')
    .first();
  await expect(decisive).toContainText(rule, { timeout: 30_000 });
  await expect(decisive).toContainText(`breached on ${failedOn}`);
  await expect(page.getByRole('img', { name: /^Account path chart/ })).toBeVisible(LOAD);
  await expectAccessible(page, 'account details, dark');
  await page.screenshot({ path: testInfo.outputPath('account-dark.png'), fullPage: true });
  const [month, day, year] = failedOn.split('/');
  await phaseFailed.click();
  await expect(page).toHaveURL(
    `${baseUrl()}/sync/conformance/detail?accountId=${accountId}&date=${year}${month}${day}`,
  );
  await expect(page.getByRole('heading', { name: 'Conformance Detail' })).toBeVisible();
  await expect(page.getByText(`${accountId} · ${failedOn}`)).toBeVisible();
  await expect(page.getByText(rule).first()).toBeVisible({ timeout: 30_000 });
});

test('the glance and the failures list read in the light theme and on a phone', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${baseUrl()}/signin`);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await signIn(page);
  await expect(page.locator('html')).toHaveClass(/\blight\b/);

  await expect(page.getByRole('region', { name: "Last Night's Run" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('region', { name: 'Closest to Breach' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Worst P&L' })).toBeVisible();
  await expectAccessible(page, 'home, light, 390 px');
  await page.screenshot({ path: testInfo.outputPath('home-light-390.png'), fullPage: true });

  await page.goto(`${baseUrl()}/performance/dashboard?tab=violations`);
  await expect(page.getByRole('table', { name: 'Failed accounts' })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'Rule Violations, light, 390 px');

  // A failed account's verdict and path on a phone in the light theme.
  const first = page.getByRole('table', { name: 'Failed accounts' }).getByRole('row').nth(1);
  await first.getByRole('cell').nth(1).getByRole('link').click();
  await expect(page.getByRole('list', { name: 'Standing per rule' })).toBeVisible(LOAD);
  await expect(page.getByRole('img', { name: /^Account path chart/ })).toBeVisible(LOAD);
  await expectAccessible(page, 'account details, light, 390 px');
  await page.screenshot({ path: testInfo.outputPath('account-light-390.png'), fullPage: true });
});
