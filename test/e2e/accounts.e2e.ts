import { expect, test } from '@playwright/test';
import { baseUrl, signIn } from './support/session';

const money = (text: string) => Number(text.replace(/[$,]/g, ''));

test('staff search an account, comment on it, refresh it, read a day and its conformance, and sort Latest Performance', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page);

  // All Accounts: the demo accounts grouped by phase, searched by part of an id.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Accounts', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'All Accounts' })).toBeVisible();
  const evaluationActive = page.getByRole('table', { name: 'Evaluation Phase – Active' });
  await expect(evaluationActive).toBeVisible({ timeout: 30_000 });
  const accountId = (await evaluationActive.getByRole('link').first().textContent()) as string;
  await page.screenshot({ path: testInfo.outputPath('accounts-dark.png'), fullPage: true });

  await page.getByLabel('Search accounts').fill(accountId.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${accountId.toLowerCase()}`));
  await expect(page.getByLabel('Total Accounts')).toHaveText('1');
  await expect(page.getByRole('link', { name: accountId, exact: true })).toBeVisible();

  // Its audit trail, from the section at the bottom.
  await page.getByRole('button', { name: /Account Audit Trail/ }).click();
  await page.getByPlaceholder('Type or pick an account ID').fill(accountId);
  await page.getByRole('button', { name: 'Show Audit Trail' }).click();
  await expect(page.getByRole('table', { name: `Audit trail of ${accountId}` })).toBeVisible({
    timeout: 30_000,
  });

  // The account page.
  await page.getByRole('link', { name: accountId, exact: true }).click();
  await expect(page).toHaveURL(`${baseUrl()}/summaries/account/${accountId}`);
  await expect(page.getByRole('heading', { name: `Account ${accountId}` })).toBeVisible();
  const daily = page.getByRole('table', { name: 'Daily performance' });
  await expect(daily).toBeVisible();
  await expect(page.getByRole('img', { name: /Balance chart/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add Comment' }).click();
  await page.getByRole('button', { name: 'Save Comment' }).click();
  await expect(page.getByText('Please enter both your name and a comment.')).toBeVisible();
  await page.getByLabel('Your Name').fill('  E2E Staff ');
  await page
    .getByRole('textbox', { name: 'Comment', exact: true })
    .fill('Checked the drawdown with the trader.');
  await page.getByRole('button', { name: 'Save Comment' }).click();
  await expect(page.getByText('✓ Comment added successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Comments' })).toContainText(
    'E2E Staff | Checked the drawdown with the trader.',
  );

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText(new RegExp(`✓ Account ${accountId} refreshed`))).toBeVisible({
    timeout: 60_000,
  });
  await page.screenshot({ path: testInfo.outputPath('account-details-dark.png'), fullPage: true });

  // A day's report, then its conformance detail and a rule's details.
  await daily.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/performance/daily/${accountId}/\\d{8}$`));
  await expect(
    page.getByRole('heading', { name: `Daily Performance: ${accountId}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key Performance Metrics' })).toBeVisible();
  await page.screenshot({
    path: testInfo.outputPath('daily-performance-dark.png'),
    fullPage: true,
  });
  await page.getByRole('link', { name: 'View Conformance Detail' }).click();
  await expect(page.getByRole('heading', { name: 'Conformance Detail' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overall Status' })).toBeVisible();
  const evaluations = page.getByRole('table', { name: 'Rule evaluations' });
  await evaluations.getByRole('row').nth(1).getByRole('button').click();
  const ruleDialog = page.getByRole('dialog', { name: /Rule Details: / });
  await expect(ruleDialog.getByLabel('Rule JSON')).toBeVisible();
  await ruleDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.screenshot({ path: testInfo.outputPath('conformance-dark.png'), fullPage: true });

  // Latest Performance: NetPnl descending by default, then two other columns.
  await page.goto(`${baseUrl()}/performance/today`);
  const table = page.getByRole('table', { name: 'Evaluation Phase – Active' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Latest data date: \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'NetPnl', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await table.getByRole('button', { name: 'Trades', exact: true }).click();
  await expect(page).toHaveURL(/sort=Trades/);
  await expect(table.getByRole('columnheader', { name: 'Trades', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // Each click waits for the header to show the sort it set, so the next click meets the table the
  // first one rendered.
  const balanceHeader = table.getByRole('columnheader', { name: 'AcctBal', exact: true });
  await table.getByRole('button', { name: 'AcctBal', exact: true }).click();
  await expect(page).toHaveURL(/sort=AcctBal/);
  await expect(balanceHeader).toHaveAttribute('aria-sort', 'ascending');
  await table.getByRole('button', { name: 'AcctBal', exact: true }).click();
  await expect(page).toHaveURL(/sort=-AcctBal/);
  await expect(balanceHeader).toHaveAttribute('aria-sort', 'descending');
  const balances = () =>
    table
      .locator('tbody tr td:last-child')
      .allTextContents()
      .then((texts) => texts.map(money));
  await expect
    .poll(async () => {
      const shown = await balances();
      return (
        shown.length > 1 && shown.every((value, index) => index === 0 || shown[index - 1]! >= value)
      );
    })
    .toBe(true);
  await page.screenshot({ path: testInfo.outputPath('performance-dark.png'), fullPage: true });

  // Light theme.
  await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
  await page.screenshot({ path: testInfo.outputPath('performance-light.png'), fullPage: true });
  await page.goto(`${baseUrl()}/accounts?accountId=${accountId}`);
  await expect(page.locator('tr[aria-current="true"]')).toContainText(accountId);
  await page.screenshot({ path: testInfo.outputPath('accounts-light.png'), fullPage: true });
  await page.goto(`${baseUrl()}/summaries/account/${accountId}`);
  await expect(page.getByRole('img', { name: /Balance chart/ })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('account-details-light.png'), fullPage: true });

  // 390 px wide (UI.md): the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('account-details-390.png'), fullPage: true });
});
