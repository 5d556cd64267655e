import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { capture, expectAccessible, useTheme } from './support/screens';
import { baseUrl, signIn } from './support/session';

/** Each trader screen, at its own address, with what shows it has loaded. */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
}

test('staff follow a trader from the list to a dashboard account, the details, a day report and a rule, and export the firm summary', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page);
  await useTheme(page, 'dark');

  // The trader list, from the sidebar; a trader's dashboard from its card.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Traders', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Trader Dashboard', level: 1 })).toBeVisible();
  const firstCard = page.getByRole('article').first();
  await expect(firstCard).toBeVisible({ timeout: 30_000 });
  const traderName = (await firstCard.getAttribute('aria-label')) as string;
  await firstCard.getByRole('link', { name: 'View Dashboard' }).click();
  await expect(page).toHaveURL(/\/traders\/trader-dashboard\/[^/?]+$/);
  const traderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);
  await expect(page.getByRole('heading', { name: traderName, level: 1 })).toBeVisible({
    timeout: 30_000,
  });

  // The chart shows every Active account, then the one chosen in the accounts list.
  const chartCard = page.getByRole('region', { name: 'All Account Balances Over Time' });
  await expect(chartCard.getByRole('img', { name: /^Balance chart: / })).toBeVisible({
    timeout: 30_000,
  });
  const accountList = page.getByRole('list', { name: 'Accounts' });
  const choice = accountList.getByRole('button', { disabled: false }).first();
  await expect(choice).toBeVisible();
  const accountId = (await choice.locator('p, span').first().textContent())?.trim() as string;
  expect(accountId).toMatch(/\S/);
  await choice.click();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`[?&]account=${encodeURIComponent(accountId)}`));
  const selectedChart = page.getByRole('region', { name: `Account Performance: ${accountId}` });
  await expect(selectedChart.getByRole('img', { name: `Balance chart: ${accountId}` })).toBeVisible(
    { timeout: 30_000 },
  );
  await capture(page, testInfo, 'trader-dashboard-selected-dark');
  await selectedChart.getByRole('button', { name: 'Clear Selection' }).click();
  await expect(chartCard).toBeVisible();
  await choice.click();
  await expect(selectedChart).toBeVisible();

  // Details, on the chosen account's summary card.
  await page.getByRole('link', { name: 'Trader Details' }).click();
  await expect(page).toHaveURL(
    `${baseUrl()}/traders/${encodeURIComponent(traderId)}/details?account=${encodeURIComponent(accountId)}`,
  );
  await expect(page.getByRole('heading', { name: `Trader Details: ${traderName}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('region', { name: 'Account Summary' })).toContainText(accountId);

  // The account's last calculated day: its Performance Report.
  const reportLink = page
    .getByRole('link', { name: new RegExp(`^Performance report of ${accountId} for `) })
    .first();
  await expect(reportLink).toBeVisible();
  await reportLink.click();
  await expect(page).toHaveURL(
    new RegExp(
      `/traders/${encodeURIComponent(traderId)}/performance/${encodeURIComponent(accountId)}/\\d{4}-\\d{2}-\\d{2}$`,
    ),
  );
  const reportPath = new URL(page.url()).pathname;
  const reportDate = (reportPath.split('/').pop() as string).replaceAll('-', '');
  await expect(page.getByRole('heading', { name: 'Performance Report', level: 1 })).toBeVisible();
  const header = page.getByRole('region', { name: 'Report header' });
  await expect(header.getByRole('heading', { name: traderName })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Basic Performance Metrics' })).toContainText(
    accountId,
  );

  // Update Report: regenerates the day, then fetches the report again and says so.
  const regenerated = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response
        .url()
        .endsWith(`/api/performance/regenerate/${encodeURIComponent(accountId)}/${reportDate}`),
    { timeout: 60_000 },
  );
  const update = page.getByRole('button', { name: /Update Report|Updating/ });
  await update.click();
  expect((await regenerated).status()).toBe(200);
  const reloaded = await page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      response
        .url()
        .includes(`/api/performance/account/${encodeURIComponent(accountId)}/${reportDate}`),
    { timeout: 30_000 },
  );
  expect(reloaded.status()).toBe(200);
  await expect(
    page.getByText('Performance report updated and reloaded successfully!'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Report' })).toBeEnabled();
  await expect(header).toContainText(traderName);
  await capture(page, testInfo, 'performance-report-updated-dark');

  // A rule of the day's conformance: its details.
  const conformance = page.getByRole('region', { name: 'Conformance Rules' });
  const rules = conformance.getByRole('table', { name: 'Rule details' });
  await expect(rules).toBeVisible();
  const ruleButton = rules.getByRole('row').nth(1).getByRole('button').first();
  const ruleName = ((await ruleButton.textContent()) as string).trim();
  await ruleButton.click();
  const ruleDialog = page.getByRole('dialog', { name: `Rule Details: ${ruleName}` });
  await expect(ruleDialog.getByLabel('Rule JSON')).toBeVisible({ timeout: 30_000 });
  await capture(page, testInfo, 'rule-details-dark');
  await expectAccessible(page, 'the Rule Details modal (dark)', { soft: true });
  await ruleDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(ruleDialog).toBeHidden();

  // The firm's day: every account's row, exported as CSV in the table's order.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Firm Daily Summary', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Firm Daily Summary', level: 1 })).toBeVisible();
  const firmTable = page.getByRole('table', { name: 'Firm daily summary' });
  await expect(firmTable).toBeVisible({ timeout: 30_000 });
  const rowCount = Number(
    ((await page.getByText(/^[\d,]+ rows?$/).textContent()) as string).replace(/\D/g, ''),
  );
  expect(rowCount).toBeGreaterThan(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^firm-daily-summary-\d{8}\.csv$/);
  const csv = await readFile((await file.path()) as string, 'utf8');
  // The UTF-8 byte order mark first, so Excel on Windows reads the text as UTF-8.
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '');
  expect(lines[0]).toBe(
    'Date,Trader,Account,Trading Day,PnL (USD),Trades,Win Rate,Start Balance (USD),End Balance (USD),Drawdown (USD),Profit Target %,Consistency,Status',
  );
  expect(lines).toHaveLength(rowCount + 1);
  const firstRowAccount = (
    (await firmTable.getByRole('row').nth(1).getByRole('cell').nth(2).textContent()) as string
  ).trim();
  expect(lines[1]?.split(',')[2]).toBe(firstRowAccount);

  // Every trader screen in both themes: a screenshot and axe.
  const screens: Screen[] = [
    {
      name: 'trader-list',
      path: '/traders',
      ready: (p) => p.getByRole('article').first(),
    },
    {
      name: 'trader-dashboard',
      path: `/traders/trader-dashboard/${encodeURIComponent(traderId)}`,
      ready: (p) =>
        p
          .getByRole('region', { name: 'All Account Balances Over Time' })
          .getByRole('img', { name: /^Balance chart: / }),
    },
    {
      name: 'trader-status',
      path: '/trader-manager',
      ready: (p) => p.getByText(/Logged In/).first(),
    },
    {
      name: 'trader-summary',
      path: `/traders/${encodeURIComponent(traderId)}`,
      ready: (p) => p.getByText(traderId, { exact: true }).first(),
    },
    {
      name: 'trader-details',
      path: `/traders/${encodeURIComponent(traderId)}/details`,
      ready: (p) => p.getByRole('heading', { name: `Trader Details: ${traderName}` }),
    },
    {
      name: 'trader-accounts-overview',
      path: `/traders/${encodeURIComponent(traderId)}/overview`,
      ready: (p) => p.getByRole('link', { name: accountId, exact: true }).first(),
    },
    {
      name: 'trader-accounts',
      path: `/traders/${encodeURIComponent(traderId)}/accounts`,
      ready: (p) => p.getByRole('link', { name: accountId, exact: true }).first(),
    },
    {
      name: 'performance-report',
      path: reportPath,
      ready: (p) => p.getByRole('table', { name: 'Rule details' }),
    },
    {
      name: 'firm-summary',
      path: '/summaries/firm',
      ready: (p) => p.getByRole('table', { name: 'Firm daily summary' }),
    },
    {
      name: 'trader-daily-summary',
      path: `/summaries/trader/${encodeURIComponent(traderId)}`,
      ready: (p) => p.getByRole('table').first(),
    },
    {
      name: 'account-summary-dashboard',
      path: '/performance/dashboard',
      ready: (p) => p.getByRole('tablist').first(),
    },
  ];
  for (const theme of ['dark', 'light'] as const) {
    await useTheme(page, theme);
    for (const screen of screens) {
      await page.goto(`${baseUrl()}${screen.path}`);
      await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
      await capture(page, testInfo, `${screen.name}-${theme}`);
      await expectAccessible(page, `${screen.name} (${theme})`, { soft: true });
    }
  }

  // 390 px wide (UI.md): no screen scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const screen of screens) {
    await page.goto(`${baseUrl()}${screen.path}`);
    await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${screen.name} at 390 px`,
      })
      .toBeLessThanOrEqual(390);
    await capture(page, testInfo, `${screen.name}-390`);
  }
});
