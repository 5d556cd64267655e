import { expect, test, type Page } from '@playwright/test';
import { baseUrl, signIn } from './support/session';

/** A run of one day takes seconds locally; the margin covers a slow machine. */
const RUN_TIMEOUT_MS = 180_000;

/** The record counts of the result on screen, label → number. */
async function shownCounts(page: Page): Promise<Record<string, number>> {
  const list = page.getByLabel('Records synced');
  const labels = await list.locator('dt').allTextContents();
  const values = await list.locator('dd').allTextContents();
  return Object.fromEntries(
    labels.map((label, index) => [label, Number(values[index]?.replaceAll(',', ''))]),
  );
}

const manualRunsOf = (page: Page) =>
  page
    .getByRole('table', { name: 'Recent sync runs' })
    .getByRole('row')
    .filter({ hasText: 'Manual' });

/**
 * Waits until the runs table lists `count` finished manual runs, all of them succeeded. Other
 * journeys on the same stack may have run syncs before: `count` includes theirs.
 */
async function expectManualRuns(page: Page, count: number) {
  const manualRuns = manualRunsOf(page);
  await expect(manualRuns).toHaveCount(count, { timeout: RUN_TIMEOUT_MS });
  await expect(manualRuns.filter({ hasText: 'Succeeded' })).toHaveCount(count, {
    timeout: RUN_TIMEOUT_MS,
  });
  return manualRuns;
}

test('staff sync one day twice from the Daily Sync page and get the same counts both times', async ({
  page,
}) => {
  await signIn(page);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Daily Sync', exact: true })
    .click();
  await expect(page).toHaveURL(`${baseUrl()}/sync/daily`);
  await expect(page.getByRole('heading', { name: 'Daily Data Sync' })).toBeVisible();
  // The first start seeded the demo data with the real sync; that run is listed already.
  await expect(
    page.getByRole('table', { name: 'Recent sync runs' }).getByRole('row', { name: /Demo seed/ }),
  ).toBeVisible();
  await expect(page.getByLabel('Days to sync')).toHaveValue('1');
  const earlierRuns = await manualRunsOf(page).count();

  const start = page.getByRole('button', { name: 'Start Sync' });
  await start.click();
  await expect(page.getByText('Update Successful')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
  await expect(start).toBeEnabled();
  await expect(page.getByText(/^Processed \d+ of \d+ files in /)).toBeVisible();
  const first = await shownCounts(page);
  expect(Object.keys(first)).toHaveLength(9);
  expect(first.Accounts).toBeGreaterThan(0);
  expect(first['Daily performance']).toBeGreaterThan(0);
  expect(first['Audit trail']).toBeGreaterThan(0);
  await expectManualRuns(page, earlierRuns + 1);

  await start.click();
  // The page follows the new run from its start, so once it is listed as succeeded the result
  // on screen is its own.
  const manualRuns = await expectManualRuns(page, earlierRuns + 2);
  await expect(page.getByText('Update Successful')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
  expect(await shownCounts(page)).toEqual(first);

  // Same dates, same rows ingested: the second run found nothing new to add.
  const cellsOf = async (row: number) =>
    (await manualRuns.nth(row).getByRole('cell').allTextContents()).slice(3, 5);
  expect(await cellsOf(0)).toEqual(await cellsOf(1));

  // The latest run opens on its own page, with its figures and per-date and per-file counts.
  await manualRuns.nth(0).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${baseUrl()}/sync/runs/[^/]+$`));
  await expect(page.getByRole('heading', { name: 'Sync run', level: 1 })).toBeVisible();
  await expect(page.getByText('Update Successful')).toBeVisible();
  const figures = page.getByLabel('Run figures');
  await expect(figures.getByText('Accounts judged')).toBeVisible();
  await expect(figures.getByText('Latest 1 trading day')).toBeVisible();
  const perDate = page.getByRole('table', { name: 'Rows per date' });
  await expect(perDate.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Rows per file' }).getByRole('row')).not.toHaveCount(
    0,
  );
});
