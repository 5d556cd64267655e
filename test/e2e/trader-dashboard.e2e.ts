import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { capture, expectAccessible, useTheme } from './support/screens';
import { baseUrl, password, signIn } from './support/session';

test('the demo trader signs in, lands on their own dashboard and sees the distance of each active account to its limits', async ({
  page,
}, testInfo) => {
  // Full page loads (the membership site's form post and its way back) on a loaded machine.
  await page.goto(`${baseUrl()}/trader-login`);
  await expect(page.getByRole('heading', { name: 'Trader Login' })).toBeVisible({
    timeout: 60_000,
  });
  await useTheme(page, 'dark');
  await page.getByLabel('Username or Email').fill('trader@example.com');
  await page.getByLabel('Password', { exact: true }).fill(password());
  await page.getByRole('button', { name: 'Login' }).click();

  // The landing page is the trader's own dashboard, not the /trader-interface placeholder.
  await expect(page).toHaveURL(`${baseUrl()}/traders/trader-dashboard/TR000001`, {
    timeout: 60_000,
  });
  const main = page.getByRole('main');
  const card = main.getByRole('region', { name: 'Distance to Limits' });
  await expect(card).toBeVisible({ timeout: 60_000 });
  const accounts = card.getByRole('article');
  await expect(accounts.first()).toBeVisible();
  const count = await accounts.count();
  expect(count).toBeGreaterThan(0);
  // Every active account names its closest limit with the room left, and draws its bars.
  for (let index = 0; index < count; index += 1) {
    const account = accounts.nth(index);
    await expect(account).toContainText(/Closest: (drawdown|daily loss), \$[\d,]+\.\d\d left/);
    await expect(account.getByRole('progressbar').first()).toBeVisible();
  }
  // The demo programs have a trailing drawdown: room to the floor in dollars and percent.
  await expect(
    card.getByText(/\$[\d,]+\.\d\d \([\d.]+%\) above the (locked )?floor of \$/).first(),
  ).toBeVisible();
  // Closest to a breach first: the shares read from the text are in ascending order.
  const shares = await accounts.evaluateAll((nodes) =>
    nodes.map((node) => {
      const matches = [...(node.textContent ?? '').matchAll(/\(([\d.]+)%\)/g)];
      return Math.min(...matches.slice(0, 2).map((match) => Number(match[1])));
    }),
  );
  expect(shares).toEqual([...shares].sort((a, b) => a - b));
  await expectAccessible(page, 'trader dashboard (dark)');
  await capture(page, testInfo, 'trader-dashboard-distance-dark');

  // The trader downloads the evidence pack of their closest account: the file names the account,
  // and carries its judged days and the hash of their inputs (npm run verify-evidence re-checks it).
  const closest = ((await accounts.first().getAttribute('aria-label')) ?? '').replace(
    /^Limits of /,
    '',
  );
  expect(closest).not.toBe('');
  await page.goto(`${baseUrl()}/traders/trader-dashboard/TR000001?account=${closest}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download evidence' }).click({ timeout: 60_000 });
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^evidence-${closest}-\\d{8}\\.json$`));
  const pack = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    inputsSha256: string;
    inputs: { accountId: string; days: unknown[] };
  };
  expect(pack.inputs.accountId).toBe(closest);
  expect(pack.inputs.days.length).toBeGreaterThan(0);
  expect(pack.inputsSha256).toMatch(/^[0-9a-f]{64}$/);
  // Their own Trader Details explains the selected account's verdict, rule by rule.
  await page.goto(`${baseUrl()}/traders/TR000001/details?account=${closest}`);
  await expect(page.getByRole('list', { name: 'Standing per rule' })).toBeVisible({
    timeout: 60_000,
  });
  await expectAccessible(page, 'trader details with the verdict (dark)');
  await page.goBack();
  await page.goBack();
  await expect(card).toBeVisible({ timeout: 60_000 });

  await useTheme(page, 'light');
  await expect(card).toBeVisible();
  await expectAccessible(page, 'trader dashboard (light)');
  await capture(page, testInfo, 'trader-dashboard-distance-light');
  // A phone: each limit's name, bar and words stack.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await card.screenshot({ path: testInfo.outputPath('trader-dashboard-distance-390.png') });
});

test('staff sort All Accounts closest to breach first and filter by status', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto(`${baseUrl()}/accounts`);
  const table = page.getByRole('table', { name: 'Evaluation Phase – Active' });
  await expect(table).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Closest to breach first' }).click();
  await expect(page).toHaveURL(/[?&]sort=room\b/);
  await expect(table.getByRole('columnheader', { name: 'Room to Breach' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // The first row of the sorted group has a room (failed and passed accounts come last).
  await expect(table.getByRole('row').nth(1)).toContainText(
    /\$[\d,]+\.\d\d [\d.]+% (drawdown|daily loss)/,
  );

  await page.getByRole('combobox', { name: 'Status' }).selectOption('failed');
  await expect(page).toHaveURL(/[?&]status=failed\b/);
  // Only failed accounts are counted and listed (the demo's failed accounts are mostly Admin Only).
  // The filter is the server's: until its answer arrives the card still shows every account.
  const total = page.getByLabel('Total Accounts');
  const failed = page.getByLabel('Failed', { exact: true });
  await expect(async () => {
    const count = await total.textContent();
    expect(count).not.toBe('0');
    expect(await failed.textContent()).toBe(count);
  }).toPass({ timeout: 15_000 });
  await expect(page.getByLabel('Active', { exact: true })).toHaveText(/^\d+$/);
  await expectAccessible(page, 'all accounts filtered');
  await capture(page, testInfo, 'accounts-closest-failed');
});
