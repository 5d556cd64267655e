import { expect, test, type Page } from '@playwright/test';
import { baseUrl, signIn } from './support/session';

/** "1,234 records · page 2 of 50" → { total: 1234, page: 2, pages: 50 }. */
async function pageLine(page: Page) {
  const text = (await page.getByText(/records · page \d+ of \d+/).textContent()) ?? '';
  const match = /([\d,]+) records · page (\d+) of (\d+)/.exec(text);
  if (!match) throw new Error(`No page line in "${text}"`);
  return {
    total: Number(match[1]!.replaceAll(',', '')),
    page: Number(match[2]),
    pages: Number(match[3]),
  };
}

/** `03/02/2026 – 03/20/2026` → the first date as YYYYMMDD. */
function firstDateOf(range: string): string {
  const match = /(\d{2})\/(\d{2})\/(\d{4})/.exec(range);
  if (!match) throw new Error(`No date in "${range}"`);
  return `${match[3]}${match[1]}${match[2]}`;
}

test('staff filter and page the audit trail, then bulk-delete one day through the armed button', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Audit Trail', exact: true })
    .click();
  await expect(page).toHaveURL(`${baseUrl()}/audit`);
  const table = page.getByRole('table', { name: 'Audit trail records' });
  // The first call of a cold stack on a busy machine can take a while.
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('audit-debug')).toContainText('status 200');
  const overview = page.getByText('Total Records', { exact: true }).locator('..');
  await expect(overview).not.toContainText('…');
  const totalBefore = Number(
    ((await overview.textContent()) ?? '').replace('Total Records', '').replaceAll(',', ''),
  );
  expect(totalBefore).toBeGreaterThan(0);
  const firstDay = firstDateOf(
    (await page.getByText('Date Range', { exact: true }).locator('..').textContent()) ?? '',
  );
  await page.screenshot({ path: testInfo.outputPath('audit-dark.png'), fullPage: true });

  // Filter: FILL events, 25 a page; then page forward and back.
  await page.getByRole('combobox', { name: 'Action', exact: true }).selectOption('FILL');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/action=FILL/);
  await page.getByLabel('Page size').selectOption('25');
  await expect(page).toHaveURL(/pageSize=25/);
  // The previous page stays on screen while the next loads: wait for the answer to this request.
  const debug = page.getByTestId('audit-debug');
  await expect(debug).toContainText(/action=FILL&page=1&pageSize=25.* · status 200/);
  const filtered = await pageLine(page);
  expect(filtered.total).toBeGreaterThan(25);
  await expect(table.getByRole('row')).toHaveCount(26);
  for (const action of await table.getByRole('row').locator('td:nth-child(7)').allTextContents()) {
    expect(action).toBe('FILL');
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(debug).toContainText(/page=2.*cursor=.* · status 200/);
  await expect(page.getByText(`page 2 of ${filtered.pages}`)).toBeVisible();
  await page.getByRole('button', { name: 'Prev' }).click();
  await expect(page.getByText(`page 1 of ${filtered.pages}`)).toBeVisible();
  await page.getByRole('button', { name: 'Show details' }).first().click();
  await expect(page.getByText('Position Disposition')).toBeVisible();

  // One day's rows: filter the first date, arm the button, confirm within 5 s.
  await page.getByRole('button', { name: 'Clear' }).click();
  // Date pickers take YYYY-MM-DD; the URL and the API keep YYYYMMDD.
  const pickedDay = `${firstDay.slice(0, 4)}-${firstDay.slice(4, 6)}-${firstDay.slice(6)}`;
  await page.getByLabel('Start Date', { exact: true }).fill(pickedDay);
  await page.getByLabel('End Date', { exact: true }).fill(pickedDay);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(new RegExp(`startDate=${firstDay}&endDate=${firstDay}`));
  await expect(debug).toContainText(
    new RegExp(`startDate=${firstDay}&endDate=${firstDay}&page=1.* · status 200`),
  );
  const day = await pageLine(page);
  expect(day.total).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Delete Matching Records' }).click();
  const armed = page.getByRole('button', { name: /Click again to delete/ });
  await expect(armed).toBeVisible();
  await armed.click();

  await expect(
    page.getByText(`Deleted ${day.total.toLocaleString('en-US')} audit records`),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('No records match your filters.')).toBeVisible();
  await expect(overview).toContainText((totalBefore - day.total).toLocaleString('en-US'));
  const log = page.getByRole('table', { name: 'Bulk delete log' });
  await expect(log.getByRole('row').nth(1)).toContainText(`startDate=${firstDay}`);
  await expect(log.getByRole('row').nth(1)).toContainText('admin@example.com');
  await expect(log.getByRole('row').nth(1)).toContainText('Completed');

  await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
  await page.goto(`${baseUrl()}/audit`);
  await expect(table).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('audit-light.png'), fullPage: true });

  // 390 px wide (UI.md): the page itself does not scroll sideways; wide tables scroll in their card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('audit-390.png'), fullPage: true });
});
