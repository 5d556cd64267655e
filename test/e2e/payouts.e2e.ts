import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { capture, expectAccessible, useTheme, type Theme } from './support/screens';
import { baseUrl, signIn } from './support/session';
import { LOAD, signInTrader } from './support/walk';

/**
 * The payout path end to end: the demo trader requests a payout from the first account whose
 * request form is enabled; staff approve it and mark it paid on the Payouts screen; the trader sees
 * it paid in their history. Each screen is checked with axe and captured in both themes.
 */

const STAMP = Date.now().toString(36);
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** axe and a screenshot of the screen in each theme, ending in the light one. */
async function checkBothThemes(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['dark', 'light'] as Theme[]) {
    await useTheme(page, theme);
    await expectAccessible(page, `${name} (${theme})`);
    await capture(page, testInfo, `${name}-${theme}`);
  }
}

test('a trader requests a payout, staff approve it and mark it paid, and the trader sees it paid', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const trader = await newPage(browser);
  const staff = await newPage(browser);

  // The trader: the Payouts page from the trader sidebar.
  await signInTrader(trader);
  await trader
    .getByRole('navigation', { name: 'Trader navigation' })
    .getByRole('link', { name: 'Payouts', exact: true })
    .click();
  await expect(trader).toHaveURL(/\/traders\/payouts$/);
  await expect(trader.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible(LOAD);
  const forms = trader.getByRole('form', { name: /^Request payout from / });
  await expect(forms.first()).toBeVisible(LOAD);

  // The first account whose request form is enabled (eligible, no request pending).
  let accountId: string | undefined;
  for (const form of await forms.all()) {
    if (await form.getByRole('button', { name: 'Request payout' }).isEnabled()) {
      accountId = (await form.getAttribute('aria-label'))?.replace(/^Request payout from /, '');
      break;
    }
  }
  expect(accountId, 'an account of the demo trader that may request a payout').toBeDefined();
  const card = trader.getByRole('region', { name: `Payouts of account ${accountId}` });
  await expect(card).toContainText(/You may request up to \$[\d,]+\.\d\d · you receive \d+%/);
  const form = card.getByRole('form', { name: `Request payout from ${accountId}` });
  const amount = Number(await form.getByLabel('Amount (USD)').inputValue());
  expect(amount).toBeGreaterThan(0);
  const money = usd.format(amount);
  await form.getByLabel('Note (optional)').fill(`E2E payout ${STAMP}`);
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(trader.getByText('Payout requested').first()).toBeVisible(LOAD);
  const requested = card.getByRole('article', { name: `Payout of ${money}, requested` }).first();
  await expect(requested).toBeVisible(LOAD);
  await expect(requested).toContainText(`E2E payout ${STAMP}`);
  await expect(requested.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await checkBothThemes(trader, testInfo, 'payouts-trader-requested');

  // Staff: the queue of requests, newest first, and the payout opened from it.
  await signIn(staff);
  await staff
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Payouts', exact: true })
    .click();
  await expect(staff.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible(LOAD);
  await staff.goto(`${baseUrl()}/payouts?sort=-requestedAt`);
  const queue = staff.getByRole('table', { name: 'Requested payouts' });
  await expect(queue).toBeVisible(LOAD);
  await queue
    .getByRole('button', { name: `Open the payout of ${accountId}` })
    .first()
    .click();
  const panel = staff.getByRole('region', { name: `Payout of ${accountId}` });
  await expect(panel).toBeVisible(LOAD);
  await expect(panel).toContainText(`E2E payout ${STAMP}`);
  // The evidence at hand: the account's verdict, the evidence pack and the account itself.
  await expect(staff.getByRole('region', { name: 'Verdict' })).toBeVisible(LOAD);
  await expect(panel.getByRole('button', { name: 'Download evidence' })).toBeVisible();
  await expect(panel.getByRole('link', { name: `Open account ${accountId}` })).toBeVisible();
  await checkBothThemes(staff, testInfo, 'payouts-staff-requested');

  // Approve the amount requested.
  await panel.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = staff.getByRole('alertdialog', { name: 'Approve the payout?' });
  await expect(approve.getByLabel('Approved amount (USD)')).toHaveValue(String(amount));
  await approve.getByLabel('Note (optional)').fill('Approved by the e2e journey');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toBeHidden(LOAD);
  await expect(panel.getByRole('article', { name: `Payout of ${money}, approved` })).toBeVisible(
    LOAD,
  );

  // Mark it paid: method, reference, today's date (the default).
  await panel.getByRole('button', { name: 'Mark paid' }).click();
  const pay = staff.getByRole('alertdialog', { name: 'Mark the payout paid?' });
  await pay.getByLabel('Method').selectOption({ label: 'Wire transfer' });
  await pay.getByLabel('Reference').fill(`E2E-${STAMP}`);
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect(pay).toBeHidden(LOAD);
  const paid = panel.getByRole('article', { name: `Payout of ${money}, paid` });
  await expect(paid).toBeVisible(LOAD);
  await expect(paid).toContainText(`E2E-${STAMP}`);
  await expect(paid).toContainText('Wire transfer');

  // The Paid tab lists it.
  await staff.getByRole('tab', { name: 'Paid' }).click();
  await expect(staff).toHaveURL(/status=paid/);
  await expect(staff.getByRole('table', { name: 'Paid payouts' })).toContainText(accountId!, LOAD);
  await checkBothThemes(staff, testInfo, 'payouts-staff-paid');

  // The trader sees it paid, with who moved it and when.
  await trader.reload();
  const history = trader
    .getByRole('region', { name: `Payouts of account ${accountId}` })
    .getByRole('article', { name: `Payout of ${money}, paid` })
    .first();
  await expect(history).toBeVisible(LOAD);
  await expect(history).toContainText(`E2E-${STAMP}`);
  await expect(history.getByRole('list', { name: /^History of / })).toContainText(
    'by admin@example.com',
  );
  await expect(history.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
  await checkBothThemes(trader, testInfo, 'payouts-trader-paid');

  // The e-mails arrived in the local inbox `npm start` runs (MailDev): the request to staff and to
  // the trader, the approval and the payment to the trader, each naming the account.
  const inbox = process.env.E2E_INBOX_URL;
  expect(inbox, 'the local inbox URL printed by the stack').toBeDefined();
  const mailsTo = async (address: string) => {
    const answer = await trader.request.get(`${inbox}/api/email`);
    const mails = (await answer.json()) as Array<{
      subject: string;
      text: string;
      to: Array<{ address: string }>;
    }>;
    return mails
      .filter((mail) => mail.to.some((to) => to.address === address))
      .filter((mail) => mail.subject.includes(accountId!))
      .map((mail) => mail.subject)
      .sort();
  };
  await expect
    .poll(() => mailsTo('trader@example.com'), LOAD)
    .toEqual(
      expect.arrayContaining([
        `Deskline: Payout approved for account ${accountId}`,
        `Deskline: Payout paid for account ${accountId}`,
        `Deskline: Payout requested for account ${accountId}`,
      ]),
    );
  await expect
    .poll(() => mailsTo('admin@example.com'), LOAD)
    .toContain(`Deskline: Payout requested for account ${accountId}`);
  await trader.goto(inbox!);
  await expect(
    trader.getByText(`Deskline: Payout paid for account ${accountId}`).first(),
  ).toBeVisible(LOAD);
  await capture(trader, testInfo, 'payouts-local-inbox');

  await trader.context().close();
  await staff.context().close();
});
