import { expect, test, type Page } from '@playwright/test';
import { baseUrl, password } from './support/session';
import {
  expectAccessible,
  expectButtons,
  expectColumns,
  expectTexts,
  LOAD,
  open,
  sectionHeading,
  signInTrader,
  staffToken,
  tradingDayOf,
  useTheme,
  WALK_VIEWPORT,
} from './support/walk';

/**
 * The acceptance walk for spec document 000 (overview, shell, sign-in, accounts, latest
 * performance, trader screens, the performance report, daily sync, the trader-side sidebar): every
 * screen it lists, once, at 1280 px in the default dark theme, with its key strings and axe. Deep
 * interactions stay in the feature journeys (accounts, traders, sync, sign-in, trader-area).
 */

interface WalkData {
  traderId: string;
  traderName: string;
  accountId: string;
  /** A day the account traded, YYYYMMDD: the latest data date when the trader traded then. */
  date: string;
}

/** The demo trader (the one who also signs in as a trader), an account of theirs and its latest day with a trade. */
async function pickData(page: Page): Promise<WalkData> {
  const headers = { Authorization: `Bearer ${await staffToken(page)}` };
  const traders = (await (await page.request.get(`${baseUrl()}/api/traders`, { headers })).json())
    .data as { traderId: string; firstName: string; lastName: string; email: string }[];
  const trader = traders.find((candidate) => candidate.email === 'trader@example.com');
  expect(trader, 'the demo trader').toBeDefined();
  const day = await tradingDayOf(page.request, headers, trader!.email);
  return {
    traderId: trader!.traderId,
    traderName: `${trader!.firstName} ${trader!.lastName}`,
    accountId: day.accountId,
    date: day.date,
  };
}

const PHASES = ['Evaluation Phase', 'Sim Funded Phase', 'Live Funded Phase', 'Demo Phase'];

test('spec 000: staff and the trader walk every screen at 1280 px with axe', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(WALK_VIEWPORT);
  const data = await pickData(page);
  const trader = encodeURIComponent(data.traderId);
  const account = encodeURIComponent(data.accountId);
  const dashedDate = `${data.date.slice(0, 4)}-${data.date.slice(4, 6)}-${data.date.slice(6)}`;

  // Sign-in page (§2 'Sign-in page'), dark by default (§1).
  await page.goto(`${baseUrl()}/signin`);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByLabel('Email')).toBeVisible(LOAD);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toggle color mode' }).first()).toBeVisible();
  await expect(page.getByText(/admin authentication/)).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill(password());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/`);
  await useTheme(page, 'dark');

  // Home and the admin shell (§1, §2 'Admin shell').
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Administration Panel')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  const main = page.getByRole('main');
  for (const [title, to] of [
    ['Account Management', '/accounts'],
    ['Performance Analytics', '/performance/today'],
    ['Trader Overview', '/traders'],
    ['Trading Programs', '/programs'],
  ] as const) {
    await expect
      .soft(main.getByRole('link', { name: title, exact: true }))
      .toHaveAttribute('href', to);
  }
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const section of ['Top Level', 'Performance', 'Trading Programs', 'Admin Tools', 'Firm']) {
    await expect.soft(nav.getByRole('group', { name: section, exact: true })).toBeVisible();
  }
  for (const [label, to] of [
    ['Traders', '/traders'],
    ['Trader Manager', '/trader-manager'],
    ['Accounts', '/accounts'],
    ['Latest Performance', '/performance/today'],
    ['Programs', '/programs'],
    ['Create Program', '/programs/create'],
    ['Create Rule', '/rules/demo'],
    ['Rules Management', '/rules/management'],
    ['Daily Sync', '/sync/daily'],
    ['Audit Trail', '/audit'],
    ['Users', '/users'],
    ['Auth Debug', '/debug'],
    ["What's New Admin", '/whats-new-admin'],
    ['Firms', '/firms'],
    ['Create Firm', '/firms/create'],
    ['Daily Revenue', '/firm/daily-revenue'],
  ] as const) {
    await expect
      .soft(nav.getByRole('link', { name: label, exact: true }))
      .toHaveAttribute('href', to);
  }
  await expectButtons(nav, ['Force All Update', "What's New"]);
  await expect(banner.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
  await expectAccessible(page, 'home');

  // The demo financial dashboard (§1): three fixed balances, en-US.
  let screen = await open(page, '/dashboard/balance', 'Financial Dashboard');
  await expectTexts(screen, [
    'Current Balance',
    '$5,250.75',
    'Starting Balance',
    '$4,800.50',
    'Highest Balance',
    '$6,125.99',
  ]);
  await expectAccessible(page, 'financial dashboard');

  // All Accounts (§2).
  screen = await open(page, '/accounts', 'All Accounts');
  const evaluationActive = screen.getByRole('table', { name: 'Evaluation Phase – Active' });
  await expect(evaluationActive).toBeVisible(LOAD);
  await expect(screen.getByLabel('Search accounts')).toBeVisible();
  await expectTexts(screen, ['Overview', 'Account Audit Trail']);
  for (const phase of PHASES) {
    await expect.soft(sectionHeading(screen, phase)).toBeVisible();
  }
  for (const group of ['Active', 'Inactive', 'Admin Only']) {
    await expect.soft(sectionHeading(screen, group)).toBeVisible();
  }
  await expectColumns(evaluationActive, [
    'Account ID',
    'Name',
    'Program',
    'Phase Type',
    'Balance',
    'Trader Email',
  ]);
  await expectAccessible(page, 'all accounts');

  // Latest Performance (§2).
  screen = await open(page, '/performance/today', 'Latest Performance');
  const performance = screen.getByRole('table', { name: 'Evaluation Phase – Active' });
  await expect(performance).toBeVisible(LOAD);
  await expect(screen.getByText(/Latest data date: \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  const sortable = [
    'Account',
    'ClosedPnl',
    'NetPnl',
    'Commissions',
    'Trades',
    'WinTrades',
    'LoserTrades',
    'WinPct',
    'CashBal',
    'AcctBal',
  ];
  await expectColumns(performance, [...sortable, 'Trader Email', 'Phase Type']);
  for (const name of sortable) {
    await expect.soft(performance.getByRole('button', { name, exact: true })).toBeAttached();
  }
  await expect(
    performance.getByRole('columnheader', { name: 'NetPnl', exact: true }),
  ).toHaveAttribute('aria-sort', 'descending');
  await expectAccessible(page, 'latest performance');

  // Trader list (§2).
  screen = await open(page, '/traders', 'Trader Dashboard');
  await expect(screen.getByText(/^Select a trader to view their detailed dashboard/)).toBeVisible();
  const card = screen.getByRole('article', { name: data.traderName });
  await expect(card).toBeVisible(LOAD);
  await expect(card.getByText(data.traderId, { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Dashboard' })).toHaveAttribute(
    'href',
    `/traders/trader-dashboard/${trader}`,
  );
  await expectAccessible(page, 'trader list');

  // Trader dashboard (§2), with its JSON modal.
  screen = await open(page, `/traders/trader-dashboard/${trader}`, data.traderName);
  await expect(
    screen
      .getByRole('region', { name: 'All Account Balances Over Time' })
      .getByRole('img', { name: /^Balance chart: / }),
  ).toBeVisible(LOAD);
  await expectTexts(screen, [
    /Trader ID/,
    'Contact Information',
    'Notes & Comments',
    'Recent Activity',
    'Last Login',
    'Account Created',
    'Latest Performance Update',
  ]);
  await expect(screen.getByPlaceholder('Add notes about this trader...')).toHaveAttribute(
    'readonly',
    '',
  );
  await expectAccessible(page, 'trader dashboard');
  await screen.getByRole('button', { name: 'View JSON' }).click();
  const json = page.getByRole('dialog', { name: 'Trader Data JSON' });
  await expect(json).toBeVisible();
  await expectButtons(json, ['Copy to Clipboard', 'Close']);
  await expectAccessible(page, 'trader data JSON modal');
  await json.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(json).toBeHidden();

  // Trader status page (§2): titled Traders, no back button.
  screen = await open(page, '/trader-manager', 'Traders');
  await expectTexts(screen, ['Admin Server', 'Membership System', /Last checked/, 'Broker ID']);
  await expect(screen.getByText(/^(Not )?Logged In$/).first()).toBeVisible();
  await expect(screen.getByRole('button', { name: /back/i })).toHaveCount(0);
  await expectAccessible(page, 'trader status');

  // Trader summary page (§2).
  screen = await open(page, `/traders/${trader}`, data.traderName);
  await expectTexts(screen, [
    'Trader ID',
    'First Name',
    'Last Name',
    'Username',
    'Email',
    'Status',
    'Trading Status',
    'Last App Used',
    'Phone Number',
    'Stripe ID',
    'Accounts',
    'Brokers',
    'Fingerprints',
    'IP Addresses',
    'Address',
    'Phone',
    'Login Info',
    'File Modified Date',
  ]);
  await expectAccessible(page, 'trader summary');

  // Trader Details page (§2).
  screen = await open(page, `/traders/${trader}/details`, `Trader Details: ${data.traderName}`);
  await expectButtons(screen, ['Back to Traders', 'View JSON']);
  await expectTexts(screen, ['Trader Info', 'Account Summary']);
  for (const section of [
    'Sim-Funded Accounts',
    'Evaluation Accounts',
    'Busted Accounts',
    'Inactive Accounts',
    'Trading Rules',
  ]) {
    await expect.soft(sectionHeading(screen, section)).toBeVisible();
  }
  await expect(
    screen.getByRole('link', { name: data.accountId, exact: true }).first(),
  ).toHaveAttribute('href', `/summaries/account/${account}`);
  await expectAccessible(page, 'trader details');

  // Performance Report (§2) of a day the account traded: every section and table.
  screen = await open(
    page,
    `/traders/${trader}/performance/${account}/${dashedDate}`,
    'Performance Report',
  );
  const rules = screen.getByRole('table', { name: 'Rule details' });
  await expect(rules).toBeVisible(LOAD);
  await expect(screen.getByRole('region', { name: 'Report header' })).toContainText(
    data.traderName,
  );
  await expectButtons(screen, ['← Back to Trader Details', 'Update Report', 'View JSON2']);
  for (const section of [
    'Basic Performance Metrics',
    'Trading Statistics',
    'Trade Details',
    'Symbol Performance',
    'Conformance Rules',
    'Metadata',
  ]) {
    await expect.soft(screen.getByRole('region', { name: section })).toBeVisible();
  }
  await expectTexts(screen.getByRole('region', { name: 'Basic Performance Metrics' }), [
    'Account',
    'FCM',
    'IB',
    'Closed P&L',
    'Net P&L',
    'Cash Balance',
    'Account Balance',
    'Auto Liquidate Threshold',
    'High P&L',
    'Low P&L',
    'Average Win',
    'Average Loss',
  ]);
  await expectTexts(screen.getByRole('region', { name: 'Trading Statistics' }), [
    'Total Trades',
    'Winning Trades',
    'Losing Trades',
    'Win Percentage',
    'Loss Percentage',
    'Number of Trading Days',
  ]);
  await expectColumns(screen.getByRole('region', { name: 'Trade Details' }), [
    'Symbol',
    'Exchange',
    'Fill Price',
    'Fill Size',
    'Order ID',
    'Fill ID',
    'P&L',
    'Net Change',
    'Trade Date',
    'Commission',
  ]);
  await expectColumns(screen.getByRole('region', { name: 'Symbol Performance' }), [
    'Symbol',
    'Exchange',
    'Closed P&L',
    'Net P&L',
    'Commissions',
    'Trades',
    'Win Trades',
    'Loss Trades',
    'Win %',
    'Loss %',
    'Buy Qty',
    'Sell Qty',
    'Net Qty',
    'Qty Traded',
  ]);
  await expectTexts(screen.getByRole('region', { name: 'Conformance Rules' }), [
    'Overall Status',
    'Evaluation Date',
    'Days Traded Count',
    'Consecutive Loss Days',
    'Max Drawdown from High',
    'Current Balance',
    'Starting Balance',
    'Profit Target',
    'Trailing Drawdown',
  ]);
  await expectColumns(rules, [
    'Rule Name',
    'Type',
    'Multiday',
    'Status',
    'Current Value',
    'Threshold',
    'Description',
    'Severity',
  ]);
  await expectTexts(screen.getByRole('region', { name: 'Metadata' }), [
    'Trader ID',
    'Trader Email',
    'File Modified Date',
  ]);
  await expectAccessible(page, 'performance report');

  // Daily sync page (§2): the input and its button; sync.e2e.ts runs syncs.
  screen = await open(page, '/sync/daily', 'Daily Data Sync');
  const days = screen.getByLabel('Days to sync');
  await expect(days).toHaveValue('1');
  await expect(days).toHaveAttribute('min', '1');
  await expect(days).toHaveAttribute('max', '30');
  await expect(screen.getByText(/1-30/).first()).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Start Sync' })).toBeEnabled();
  await expectAccessible(page, 'daily sync');

  // The trader side (§2 'Trader-side sidebar'): a trader's own session in a fresh browser context.
  const traderContext = await browser.newContext({ viewport: WALK_VIEWPORT });
  try {
    const traderPage = await traderContext.newPage();
    await signInTrader(traderPage);
    const sidebar = traderPage.getByRole('complementary', { name: 'Trader sidebar' });
    const traderNav = sidebar.getByRole('navigation', { name: 'Trader navigation' });
    await expect(traderNav).toBeVisible(LOAD);
    for (const [label, to] of [
      ['Trader Manager', '/trader-manager'],
      ['Trading Accounts', '/traders/accounts'],
      ['My Dashboard', `/traders/trader-dashboard/${trader}`],
      ['Trader Login', '/trader-login'],
      ['Purchase Programs', '/traders/purchase-programs'],
      ['Profile', '/traders/profile'],
      ['Payment History', '/traders/payment-history'],
      ['Amember Dashboard', '/amember-dashboard'],
      ['BullPen', '/traders/bullpen'],
      ['TradeChat', '/traders/tradechat'],
      ['MiM', '/traders/mim'],
      ['SpyGate', '/traders/spygate'],
      ['Wrap', '/traders/wrap'],
      ['LiveSquawk', '/traders/livesquawk'],
    ] as const) {
      await expect
        .soft(traderNav.getByRole('link', { name: label, exact: true }))
        .toHaveAttribute('href', to);
    }
    // Only role admin sees the Administration section.
    await expect(sidebar.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Toggle color mode' })).toBeVisible();
    await expect(sidebar.getByText('trader@example.com').first()).toBeVisible();
    await expectTexts(sidebar, [/Admin server/, /Token/, /Sync status/, /Membership/, /Broker id/]);

    // The trader's own dashboard and status page, in the trader's layout.
    await traderNav.getByRole('link', { name: 'My Dashboard', exact: true }).click();
    const ownDashboard = traderPage.getByRole('main');
    await expect(
      ownDashboard.getByRole('heading', { name: data.traderName, level: 1 }),
    ).toBeVisible(LOAD);
    await expect(
      ownDashboard
        .getByRole('region', { name: 'All Account Balances Over Time' })
        .getByRole('img', { name: /^Balance chart: / }),
    ).toBeVisible(LOAD);
    await expectAccessible(traderPage, "the trader's own dashboard");
    await traderNav.getByRole('link', { name: 'Trader Manager', exact: true }).click();
    await expect(traderPage.getByRole('heading', { name: 'Traders', level: 1 })).toBeVisible(LOAD);
    await expectTexts(traderPage.getByRole('main'), ['Admin Server', 'Membership System']);
    await expectAccessible(traderPage, 'trader status (trader)');
  } finally {
    await traderContext.close();
  }
});
