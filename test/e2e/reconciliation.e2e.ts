import { expect, test } from '@playwright/test';
import { baseUrl, signIn } from './support/session';
import {
  axeViolations,
  expectDataLoaded,
  load,
  LOAD,
  trackApiRequests,
  useTheme,
} from './support/walk';

/*
 * Two witnesses of the drawdown floor: the demo data's two RMS set-ups that differ from their programs
 * (scripts/demo-data/broker-floor.ts) are listed on the Reconciliation screen after the seed's sync,
 * and reached from the account's page.
 */
const OFFSET_ACCOUNT = 'LIVE100K-000012';
const LATE_TRAIL_ACCOUNT = 'SIMF100K-000011';

test('staff open Reconciliation and see the demo floor mismatches with their likely causes', async ({
  page,
}) => {
  trackApiRequests(page);
  await signIn(page);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Reconciliation', exact: true })
    .click();
  await expect(page).toHaveURL(`${baseUrl()}/sync/reconciliation`);
  await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Floor mismatches' });
  await expect(table).toBeVisible(LOAD);
  for (const name of [
    'Account',
    'Day',
    'Broker floor',
    'Engine floor',
    'Difference',
    'Likely cause',
  ]) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  }
  // Newest date first: the RMS with the smaller drawdown is $500.00 above the program's floor.
  const offsetRow = table.getByRole('row').filter({ hasText: OFFSET_ACCOUNT }).first();
  await expect(offsetRow).toContainText('$500.00');
  await expect(offsetRow).toContainText('Program/RMS mismatch: drawdown amount');

  // By account, in the URL: every row is that account's, and the late-trailing RMS has its own.
  await page.getByLabel('Account ID').fill(LATE_TRAIL_ACCOUNT);
  await expect(page).toHaveURL(new RegExp(`[?&]account=${LATE_TRAIL_ACCOUNT}`));
  const lateRows = table.getByRole('row').filter({ hasText: LATE_TRAIL_ACCOUNT });
  await expect(lateRows.first()).toContainText('Program/RMS mismatch: trailing', LOAD);
  await expect(table.getByRole('row').filter({ hasText: OFFSET_ACCOUNT })).toHaveCount(0);

  // The day links to that account-day's report.
  const dayLink = lateRows
    .first()
    .getByRole('link', { name: new RegExp(`^${LATE_TRAIL_ACCOUNT} on `) });
  await dayLink.click();
  await expect(page).toHaveURL(
    new RegExp(`${baseUrl()}/performance/daily/${LATE_TRAIL_ACCOUNT}/\\d{8}$`),
  );

  // The account's page links to its mismatches.
  await page.goto(`${baseUrl()}/summaries/account/${OFFSET_ACCOUNT}`);
  const badge = page.getByRole('link', {
    name: /^Broker floor differs on \d+\+? days?: reconcile$/,
  });
  await expect(badge).toBeVisible(LOAD);
  await badge.click();
  await expect(page).toHaveURL(`${baseUrl()}/sync/reconciliation?account=${OFFSET_ACCOUNT}`);
  await expect(
    page
      .getByRole('table', { name: 'Floor mismatches' })
      .getByRole('row')
      .filter({ hasText: OFFSET_ACCOUNT }),
  ).not.toHaveCount(0, LOAD);

  // Axe-clean in both themes, with a screenshot of each (a fresh load: no request of the pages
  // before is still counted as in flight).
  await load(page, '/sync/reconciliation');
  await expect(table).toBeVisible(LOAD);
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await expectDataLoaded(page);
    expect(await axeViolations(page), `axe in the ${theme} theme`).toEqual([]);
    await test.info().attach(`reconciliation-${theme}.png`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
});
