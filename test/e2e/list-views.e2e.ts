import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/session';

/** A data view's first answer on a busy shared machine (the stack shares its cores with others). */
const LOAD = { timeout: 30_000 };

/** What a list shows: its URL, the sorted header and the first column of its rows. */
async function viewOf(page: Page, table: Locator) {
  await expect(table.getByRole('row').nth(1)).toBeVisible(LOAD);
  return {
    url: page.url(),
    sorted: await table.locator('th[aria-sort]').allTextContents(),
    firstColumn: await table.locator('tbody tr td:first-child').allTextContents(),
  };
}

/** Reload, then leave for Traders and come back with Back: the list shows the same view each time. */
async function expectViewKept(page: Page, table: Locator) {
  const before = await viewOf(page, table);
  expect(before.sorted.length).toBeGreaterThan(0);
  await page.reload();
  await expect.poll(() => viewOf(page, table), LOAD).toEqual(before);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Traders', exact: true })
    .click();
  await expect(table).toBeHidden();
  await page.goBack();
  await expect.poll(() => viewOf(page, table), LOAD).toEqual(before);
}

async function open(page: Page, link: string) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: link, exact: true })
    .click();
}

test('All Accounts, the Firm Daily Summary and the Audit Trail keep their sort and page in the URL through a reload and Back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);

  // All Accounts: a group with a second page; the sort is the screen's, each group has its page.
  await open(page, 'Accounts');
  await expect(page.getByRole('heading', { name: 'All Accounts' })).toBeVisible();
  const pagers = page.getByRole('navigation', { name: / pages$/ });
  await expect(pagers.first()).toBeVisible(LOAD);
  let group = '';
  for (const pager of await pagers.all()) {
    if (await pager.getByRole('button', { name: 'Next' }).isEnabled()) {
      group = ((await pager.getAttribute('aria-label')) ?? '').replace(/ pages$/, '');
      break;
    }
  }
  expect(group).not.toBe('');
  const accounts = page.getByRole('table', { name: group, exact: true });
  await accounts.getByRole('button', { name: 'Balance' }).click();
  await expect(page).toHaveURL(/sort=currentBalance|sort=balance/);
  const groupPager = page.getByRole('navigation', { name: `${group} pages` });
  await groupPager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\.page=2/);
  // The router writes the URL before the page renders: the view is read once page 2 shows.
  await expect(groupPager).toContainText('Page 2 of', LOAD);
  await expectViewKept(page, accounts);

  // The Firm Daily Summary: one table, sorted by PnL descending, on page 2.
  await open(page, 'Firm Daily Summary');
  const firm = page.getByRole('table', { name: 'Firm daily summary' });
  await expect(firm).toBeVisible(LOAD);
  await firm.getByRole('button', { name: /PnL/ }).click();
  await firm.getByRole('button', { name: /PnL/ }).click();
  await expect(page).toHaveURL(/sort=-pnl/);
  const firmPager = page.getByRole('navigation', { name: 'Firm daily summary pages' });
  await firmPager.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(firmPager).toContainText('Page 2 of', LOAD);
  await expectViewKept(page, firm);

  // The Audit Trail: sorted and paged by the server, the same parameters in the URL.
  await open(page, 'Audit Trail');
  const audit = page.getByRole('table', { name: 'Audit trail records' });
  await expect(audit).toBeVisible(LOAD);
  await audit.getByRole('button', { name: 'Txn #' }).click();
  await expect(page).toHaveURL(/sort=-serverTransactionNumber/);
  // Next is disabled while the sorted first page loads: a click in that moment lands on a disabled
  // button and does nothing, so the click waits for the sorted answer.
  await expect(page.getByTestId('audit-debug')).toContainText(
    /sort=serverTransactionNumber.* · status 200/,
    LOAD,
  );
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByTestId('audit-debug')).toContainText(/page=2.* · status 200/);
  await expectViewKept(page, audit);
});
