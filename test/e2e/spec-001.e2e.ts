import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseUrl, signIn } from './support/session';
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
 * The acceptance walk for spec document 001 (programs, rules, summaries, account pages,
 * revenue, audit, What's New, users, debug, firms, the trader hub and its tools): every screen it
 * lists, once, at 1280 px in the light theme (spec-000.e2e.ts walks the dark one), with its key
 * strings and axe. Deep interactions stay in the feature journeys.
 */

interface WalkData {
  traderId: string;
  accountId: string;
  /** A day the account traded, YYYYMMDD: the latest data date when the trader traded then. */
  date: string;
}

async function pickData(request: APIRequestContext, headers: Record<string, string>) {
  const traders = (await (await request.get(`${baseUrl()}/api/traders`, { headers })).json())
    .data as { traderId: string; email: string }[];
  const trader = traders.find((candidate) => candidate.email === 'trader@example.com');
  expect(trader, 'the demo trader').toBeDefined();
  const day = await tradingDayOf(request, headers, trader!.email);
  return { traderId: trader!.traderId, ...day };
}

const STAMP = Date.now().toString(36);
/** A firm of the walk's own (the demo data has none), removed at the end. */
const FIRM_ID = `walk-${STAMP}`;
/** A release of the walk's own for the What's New modal, removed before the trader walks. */
const RELEASE_TITLE = `Spec walk ${STAMP}`;

async function traderWalk(page: Page, traderId: string) {
  // Trader login (§2.22), before signing in.
  await page.goto(`${baseUrl()}/trader-login`);
  await expect(page.getByRole('heading', { name: 'Trader Login', level: 1 })).toBeVisible(LOAD);
  await useTheme(page, 'light');
  await expect(page.getByLabel('Username or Email')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectAccessible(page, 'trader login');
  await signInTrader(page);
  await useTheme(page, 'light');

  // The hub (§2.24): /trader-accounts and the five sections by address.
  let main = await open(page, '/trader-accounts', 'Trading Accounts');
  const tabs = page.getByRole('navigation', { name: 'Hub sections' });
  await expectButtons(tabs, [
    'Trading Accounts',
    'Purchase Programs',
    'Profile',
    'Payment History',
    'BullPen',
  ]);
  await expect(main.getByText('Logged In', { exact: true })).toBeVisible();
  await expect(page.getByTitle('Trading Accounts')).toBeVisible();
  await expectAccessible(page, 'trader hub');
  for (const [section, title] of [
    ['accounts', 'Trading Accounts'],
    ['purchase-programs', 'Purchase Programs'],
    ['profile', 'Profile'],
    ['payment-history', 'Payment History'],
    ['bullpen', 'BullPen'],
  ] as const) {
    main = await open(page, `/traders/${section}`, title);
    await expect(page.getByTitle(title)).toBeVisible();
    await expect(tabs.getByRole('button', { name: title })).toBeEnabled();
    await expectAccessible(page, `hub section ${section}`);
  }

  // Tool pages and MiM (§2.25).
  for (const [path, tool, about] of [
    ['tradechat', 'TradeChat', /chat/i],
    ['spygate', 'SpyGate', /surveillance/i],
    ['wrap', 'Wrap', /wrapping/i],
    ['livesquawk', 'LiveSquawk', /news/i],
  ] as const) {
    main = await open(page, `/traders/${path}`, tool);
    await expect(main.getByText(about).first()).toBeVisible();
    await expect(page.getByTitle(tool)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${tool} - `));
    await expectAccessible(page, tool);
  }
  main = await open(page, '/traders/mim', 'MiM');
  await expect(main.getByText('Member in Member tools')).toBeVisible();
  await expect(main.getByText('Logged In', { exact: true })).toBeVisible(LOAD);
  await expect(page.getByTitle('MiM')).toBeVisible();
  await expectAccessible(page, 'MiM');

  // Other trader pages (§2.23).
  await open(page, '/amember-dashboard', 'Amember Dashboard');
  await expect(page.locator('iframe')).toBeVisible();
  await expectAccessible(page, 'amember dashboard');
  main = await open(page, '/trader-interface', 'Trading Dashboard');
  await expectTexts(main, [
    'Account Information',
    'Trader ID',
    'Email',
    'Quick Actions',
    'Performance Summary',
    'P&L Today',
    '$0.00',
    'Open Positions',
    'Trades Today',
    'Recent Activity',
    'No recent activity',
  ]);
  await expectButtons(main, ['View Positions', 'Place Order', 'Market Analysis']);
  await expectAccessible(page, 'trader interface');
  // Decision 4: /trader-dashboard takes a trader to their own dashboard.
  await page.goto(`${baseUrl()}/trader-dashboard`);
  await expect(page).toHaveURL(
    `${baseUrl()}/traders/trader-dashboard/${encodeURIComponent(traderId)}`,
    LOAD,
  );
  await expect(
    page
      .getByRole('main')
      .getByText(/Trader ID/)
      .first(),
  ).toBeVisible(LOAD);
  await expectAccessible(page, 'trader dashboard (trader)');
}

test('spec 001: staff and the trader walk every screen at 1280 px with axe', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(WALK_VIEWPORT);
  const headers = { Authorization: `Bearer ${await staffToken(page)}` };
  const data: WalkData = await pickData(page.request, headers);
  const trader = encodeURIComponent(data.traderId);
  const account = encodeURIComponent(data.accountId);
  const shownDate = `${data.date.slice(4, 6)}/${data.date.slice(6)}/${data.date.slice(0, 4)}`;

  const firm = await page.request.post(`${baseUrl()}/api/firms`, {
    headers,
    data: {
      id: FIRM_ID,
      name: 'Spec Walk Trading',
      email: 'ops@spec-walk.example',
      industry: 'Proprietary trading',
    },
  });
  expect(firm.status()).toBe(201);
  let releaseId: string | undefined;
  try {
    await signIn(page);
    await useTheme(page, 'light');

    // 2.1 Trading Programs.
    let main = await open(page, '/programs', 'Trading Programs');
    const programs = main.getByRole('table', { name: 'Trading programs' });
    await expect(programs.getByRole('link', { name: 'EVAL50K', exact: true })).toBeVisible(LOAD);
    await expect(main.getByText(/sim-funded/i).first()).toBeVisible();
    await expectButtons(main, ['Create New Program']);
    await expectColumns(programs, [
      'Prefix',
      'Name',
      'Type',
      'Status',
      'Account Size',
      'Profit Target',
      'Max Draw',
      'Trail Type',
      'Min Days',
      'Max Shares',
      'Registration Fee',
      'Monthly Price',
      'Reset Fee',
      'Version',
      'Actions',
    ]);
    for (const action of ['Edit', 'Copy', 'Delete']) {
      await expect
        .soft(
          programs
            .getByRole('button', { name: `${action} EVAL50K`, exact: true })
            .or(programs.getByRole('link', { name: `${action} EVAL50K`, exact: true })),
        )
        .toBeAttached();
    }
    await expectAccessible(page, 'programs');

    // 2.2 and 2.4–2.5 Create program: the shared form with its first phase card.
    main = await open(page, '/programs/create', 'Create New Trading Program');
    await expectButtons(main, [
      'Back to Programs',
      'Cancel',
      'Create Program',
      'Add Phase',
      'Add Rule',
    ]);
    await expect(main.getByText(/phases.*rules.*customi[sz]ed later/i)).toBeVisible();
    await expectTexts(main, [
      'Basic Program Information',
      'Trading Phases',
      'Program URLs',
      'Phase Rules',
      'Phase Fees',
      'Phase Management',
    ]);
    for (const label of [
      'Program Prefix',
      'Program Name',
      'Program Type',
      'Program Status',
      'Current Phase',
      'Created By',
      'Version',
      'Phase ID',
      'Phase Name',
      'Phase Type',
      'Account Size',
      'Starting Balance',
      'Purchase Fee',
      'Reset Fee',
      'Payout Eligible',
      'Max Accounts Per Trader',
      'Purchase URL',
      'Reset URL',
      'Cancel URL',
    ]) {
      await expect.soft(main.getByLabel(label, { exact: true }).first()).toBeVisible();
    }
    await expectAccessible(page, 'create program');

    // 2.3 Edit program.
    main = await open(page, '/programs/EVAL50K', 'Edit Program');
    await expectButtons(main, [
      'Force Update All Accounts',
      'Back to Programs',
      'View Program JSON',
      'Save Changes',
      'Show details',
      'Edit settings',
      'Remove',
    ]);
    await expect(main.getByLabel('Program Name')).toHaveValue(/\S/, LOAD);
    await expectAccessible(page, 'edit program');

    // 2.6 Accounts for a trader, both variants (decision 4).
    main = await open(page, `/traders/${trader}/overview`, /^Accounts Overview for Trader/);
    await expect(main.getByRole('link', { name: data.accountId, exact: true })).toBeVisible(LOAD);
    await expectButtons(main, ['Back']);
    await expectColumns(main, ['Account ID', 'Name', 'Currency', 'Type', 'Status', 'Email']);
    await expectAccessible(page, 'accounts overview for trader');
    main = await open(page, `/traders/${trader}/accounts`, /^Accounts for Trader/);
    await expect(main.getByRole('link', { name: data.accountId, exact: true })).toBeVisible(LOAD);
    await expectColumns(main, ['Account ID', 'Name', 'Currency', 'Type', 'Status', 'Email']);
    await expect(main.getByRole('link', { name: 'Trader Summary' }).first()).toHaveAttribute(
      'href',
      `/summaries/trader/${trader}`,
    );
    await expectAccessible(page, 'accounts for trader');

    // 2.7 Account Summary Dashboard.
    main = await open(page, '/performance/dashboard', 'Account Summary Dashboard');
    const dashboardTabs = main.getByRole('tablist').first();
    await expect(dashboardTabs).toBeVisible(LOAD);
    for (const tab of ['Overview', /^Rule Violations/, 'Top Performers', 'Needs Attention']) {
      await expect.soft(dashboardTabs.getByRole('tab', { name: tab })).toBeVisible();
    }
    await expectButtons(main, ['Refresh']);
    await expectTexts(main, [
      'Total Accounts',
      'Active',
      'Evaluation',
      'Sim-Funded',
      'Live-Funded',
      'Demo',
      'Completed',
      'Close to Passing',
    ]);
    await expectAccessible(page, 'account summary dashboard');

    // 2.8 Daily summaries.
    const dailyColumns = [
      'Date',
      'Account',
      'Trading Day',
      'PnL',
      'Trades',
      'Win Rate',
      'Start Balance',
      'End Balance',
      'Drawdown',
      'Profit Target %',
      'Consistency',
      'Status',
    ];
    main = await open(page, '/summaries/firm', 'Firm Daily Summary');
    const firmTable = main.getByRole('table', { name: 'Firm daily summary' });
    await expect(firmTable).toBeVisible(LOAD);
    await expectColumns(firmTable, ['Trader', ...dailyColumns]);
    await expectAccessible(page, 'firm daily summary');
    main = await open(page, `/summaries/trader/${trader}`, 'Trader Daily Summary');
    const traderTable = main.getByRole('table', { name: 'Trader daily summary' });
    await expect(traderTable).toBeVisible(LOAD);
    await expectColumns(traderTable, dailyColumns);
    await expect(
      traderTable.getByRole('columnheader', { name: 'Trader', exact: true }),
    ).toHaveCount(0);
    await expect(traderTable.getByRole('link', { name: data.accountId }).first()).toHaveAttribute(
      'href',
      `/summaries/account/${account}`,
    );
    await expectAccessible(page, 'trader daily summary');

    // 2.9 Account details.
    main = await open(page, `/summaries/account/${account}`, `Account ${data.accountId}`);
    await expect(main.getByRole('table', { name: 'Daily performance' })).toBeVisible(LOAD);
    await expectButtons(main, [
      'Refresh',
      'Update Program',
      'View Account JSON',
      'Add Comment',
      'Current Summary',
    ]);
    for (const section of [
      'Account Information',
      'Latest Performance Progress',
      'Daily Conformance Report',
      'Balances & Performance',
      'Trading Statistics',
      'Daily Performance',
      'Compliance & Payout',
      'Balance Chart',
      'Audit Trail',
      'Technical Details',
    ]) {
      await expect.soft(sectionHeading(main, section)).toBeVisible();
    }
    await expectTexts(main, [
      'Trader',
      'Program',
      'Rithmic Status',
      'PBT Status',
      'Phase',
      'Last Trade',
      'Calc Date',
      'Target Profit',
      'Max Drawdown',
      'Peak',
      'Total Profit',
      'Profit from Peak',
      'Current Drawdown',
      'Total Drawdown',
    ]);
    await expectColumns(main.getByRole('table', { name: 'Daily performance' }), [
      'AcctBal',
      'ClosedPnl',
      'NetPnl',
      'HighPnl',
      'LowPnl',
      'Trades',
    ]);
    await expect(main.getByRole('img', { name: /Balance chart/ })).toBeVisible(LOAD);
    await expectAccessible(page, 'account details');

    // 2.10 Account Summary Details.
    main = await open(page, `/summaries/account/${account}/detail`, 'Account Summary Details');
    await expectButtons(main, ['Back to Account']);
    for (const section of [
      'Balance & Financial Information',
      'Trading Statistics',
      'Compliance & Rules',
      'Date Information',
      'Other Information',
      'Raw Summary Data',
    ]) {
      await expect.soft(sectionHeading(main, section)).toBeVisible();
    }
    await expectAccessible(page, 'account summary details');

    // 2.11 Daily performance details.
    main = await open(
      page,
      `/performance/daily/${account}/${data.date}`,
      `Daily Performance: ${data.accountId}`,
    );
    await expect(main.getByText(shownDate).first()).toBeVisible();
    await expectButtons(main, ['View JSON', 'Back to Account Summary']);
    for (const section of [
      'Key Performance Metrics',
      'Profit & Loss Breakdown',
      'Trading Activity',
      'Conformance Status',
      'Symbol Breakdown',
      'Trade Details',
    ]) {
      await expect.soft(sectionHeading(main, section)).toBeVisible();
    }
    await expectTexts(main, ['Account Balance', 'Net P&L', 'Total Trades', 'Win Rate']);
    await expectAccessible(page, 'daily performance details');

    // 2.12 Conformance Detail.
    main = await open(
      page,
      `/sync/conformance/detail?accountId=${account}&date=${data.date}`,
      'Conformance Detail',
    );
    await expect(main.getByRole('region', { name: 'Overall Status' })).toBeVisible(LOAD);
    for (const section of [
      'Violation Rules',
      'Benchmark Rules',
      'Active Violations',
      'Daily Rule Evaluations',
      'New Violations Today',
      'Performance Data',
    ]) {
      await expect.soft(sectionHeading(main, section)).toBeVisible();
    }
    await expectTexts(main, ['Has Violations', 'Benchmarks Met', /\/ 100/]);
    await expectButtons(main, ['Back']);
    await expectAccessible(page, 'conformance detail');

    // 2.13 Daily Revenue.
    main = await open(page, '/firm/daily-revenue', 'Daily Revenue');
    const revenue = main.getByRole('table', { name: 'Daily Revenue Details' });
    await expect(revenue).toBeVisible(LOAD);
    for (const label of ['Start Date', 'End Date', 'Provider']) {
      await expect.soft(main.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expectButtons(main, ['Refresh Data']);
    await expectTexts(main, [
      'Gross Income',
      'Net Income',
      'Total Fees',
      'Transactions',
      'Active Traders',
    ]);
    await expectColumns(revenue, [
      'Date',
      'Provider',
      'Gross Income',
      'Net Income',
      'Total Fees',
      'Transactions',
      'Traders',
      'Collection Time',
    ]);
    await expectAccessible(page, 'daily revenue');

    // 2.14 Audit Trail.
    main = await open(page, '/audit', 'Audit Trail');
    const audit = main.getByRole('table', { name: 'Audit trail records' });
    await expect(audit.getByRole('row').nth(1)).toBeVisible(LOAD);
    await expectTexts(main, ['Collection Overview']);
    await expectButtons(main, ['Refresh', 'Prev', 'Next', 'Delete Matching Records']);
    for (const sortable of ['Process Date', 'Time', 'Txn #']) {
      await expect.soft(audit.getByRole('button', { name: sortable, exact: true })).toBeVisible();
    }
    // 16 record columns, plus the one that opens a row's details.
    await expect(audit.getByRole('columnheader')).toHaveCount(17);
    await expectAccessible(page, 'audit trail');

    // 2.15 and 2.16 What's New: a published release of the walk's own, its modal and the admin page.
    const created = await page.request.post(`${baseUrl()}/api/whats-new/admin/releases`, {
      headers,
      data: {
        version: '99.0.0',
        releaseDate: data.date,
        title: RELEASE_TITLE,
        summary: 'What the spec walk shows',
        items: [
          {
            title: 'Spec walk item',
            description: 'An item of the spec walk',
            category: 'feature',
            date: data.date,
            priority: 'high',
            tags: ['walk'],
          },
        ],
      },
    });
    expect(created.ok()).toBe(true);
    releaseId = ((await created.json()) as { data: { id: string } }).data.id;
    const published = await page.request.post(
      `${baseUrl()}/api/whats-new/admin/releases/${releaseId}/publish`,
      { headers },
    );
    expect(published.ok()).toBe(true);
    main = await open(page, '/whats-new-admin', "What's New Admin");
    // The modal opens by itself about a second after load: the release is unread.
    const modal = page.getByRole('dialog', { name: `What's New: ${RELEASE_TITLE}` });
    await expect(modal).toBeVisible(LOAD);
    await expect(modal.getByText('v99.0.0')).toBeVisible();
    await expectTexts(modal, ['What the spec walk shows', 'Spec walk item', 'high', 'walk']);
    await expectButtons(modal, ['Got it!', 'Maybe later']);
    await expectAccessible(page, "What's New modal");
    await modal.getByRole('button', { name: 'Maybe later' }).click();
    await expect(modal).toBeHidden();
    const card = main.getByRole('article', { name: 'Release 99.0.0' });
    await expect(card).toBeVisible(LOAD);
    await expectTexts(card, ['Active', 'Published', RELEASE_TITLE]);
    await expectButtons(card, ['Edit', 'Unpublish', 'Delete']);
    await expectTexts(main, [
      'Total Releases',
      'Active Releases',
      'Published Releases',
      'Total Items',
    ]);
    await expectButtons(main, ['Create New Release']);
    await expectAccessible(page, "What's New admin");
    const deleted = await page.request.delete(
      `${baseUrl()}/api/whats-new/admin/releases/${releaseId}`,
      { headers },
    );
    expect(deleted.ok()).toBe(true);
    releaseId = undefined;

    // 2.17 Rules Management.
    main = await open(page, '/rules/management', 'Rules Management');
    const rules = main.getByRole('table', { name: 'Rules' });
    await expect(rules.getByRole('row').nth(1)).toBeVisible(LOAD);
    for (const label of ['Search', 'Category', 'Type']) {
      await expect.soft(main.getByLabel(label, { exact: true }).first()).toBeVisible();
    }
    await expectButtons(main, ['Clear', 'Create Rule']);
    await expectColumns(rules, [
      'Name',
      'Category',
      'Type',
      'Priority',
      'Value',
      'Status',
      'Tags',
      'Used By',
      'Actions',
    ]);
    for (const action of ['Edit', 'Assign', 'Copy', 'Delete']) {
      await expect
        .soft(rules.getByRole('button', { name: new RegExp(`^${action} `) }).first())
        .toBeAttached();
    }
    await expect(main.getByRole('heading', { name: 'Program Rules Summary' })).toBeVisible();
    await expectAccessible(page, 'rules management');

    // 2.18 Rules Form Demo, with the rule form open.
    main = await open(page, '/rules/demo', 'Rules Form Demo');
    await expectButtons(main, ['Create New Rule', 'Add Rule to Program']);
    await expectTexts(main, [/templates/i, /Sample rules/i]);
    await expectAccessible(page, 'rules form demo');
    await main.getByRole('button', { name: 'Create New Rule' }).click();
    const ruleForm = page.getByRole('dialog');
    await expect(ruleForm).toBeVisible();
    for (const label of [
      'Rule ID',
      'Rule Name',
      'Category',
      'Rule Type',
      'Description',
      'Test Class Name',
      'Success Message',
      'Failure Message',
      'Warning Message',
      'Action Type',
      'Action Description',
      'Priority',
    ]) {
      await expect.soft(ruleForm.getByLabel(label, { exact: true }).first()).toBeAttached();
    }
    await expect(ruleForm.getByLabel('Rule ID', { exact: true })).toBeDisabled();
    await expectAccessible(page, 'rule form');
    await page.keyboard.press('Escape');
    await expect(ruleForm).toBeHidden();

    // 2.19 Users.
    main = await open(page, '/users', 'Users');
    const users = main.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row').nth(1)).toBeVisible(LOAD);
    await expectColumns(users, [
      'ID',
      'Login',
      'Email',
      'Name',
      'Status',
      'Approved',
      'Rithmic User ID',
      'Rithmic Password',
      'Registration',
      'Last Login',
    ]);
    await expectButtons(main, ['Create New User']);
    await expectAccessible(page, 'users');

    // 2.20 Authentication Debug Console.
    main = await open(page, '/debug', 'Authentication Debug Console');
    await expectTexts(main, [
      'Authentication Status',
      'Sync Status',
      'Manual Synchronization',
      'admin',
    ]);
    await expectButtons(main, ['Standard Login', 'Logout', 'Check Sync Status', 'Force Sync']);
    await expectAccessible(page, 'debug console');

    // 2.21 Firms: list, create, detail and edit.
    main = await open(page, '/firms', 'Firm Management');
    const firmCard = main.getByRole('article', { name: 'Spec Walk Trading' });
    await expect(firmCard).toBeVisible(LOAD);
    await expectTexts(main, ['Total', 'Active', 'Inactive', 'Suspended']);
    await expect(main.getByLabel('Search firms')).toBeVisible();
    await expect(main.getByLabel('Status', { exact: true })).toBeVisible();
    await expectButtons(main, ['Search', 'Clear']);
    await expectButtons(firmCard, [/^View Details/i, /^Edit /, /^Delete /]);
    await expectAccessible(page, 'firms');
    main = await open(page, '/firms/create', 'Create Firm');
    for (const label of ['Firm ID', 'Firm Name', 'Industry', 'Email']) {
      await expect.soft(main.getByLabel(label).first()).toBeEnabled();
    }
    await expectButtons(main, [
      'Back to Firms',
      'Add Broker',
      'Add Software',
      'Cancel',
      'Create Firm',
    ]);
    await expectAccessible(page, 'create firm');
    main = await open(page, `/firms/${FIRM_ID}`, 'Spec Walk Trading');
    await expectButtons(main, ['Back to Firms', 'Edit Firm', 'Delete Firm']);
    await expect(main.getByRole('link', { name: 'ops@spec-walk.example' })).toHaveAttribute(
      'href',
      'mailto:ops@spec-walk.example',
    );
    await expectAccessible(page, 'firm details');
    main = await open(page, `/firms/${FIRM_ID}/edit`, 'Edit Firm');
    await expect(main.getByLabel('Firm ID').first()).toBeDisabled();
    await expect(main.getByLabel('Firm Name').first()).toHaveValue('Spec Walk Trading', LOAD);
    await expectAccessible(page, 'edit firm');
  } finally {
    if (releaseId) {
      await page.request.delete(`${baseUrl()}/api/whats-new/admin/releases/${releaseId}`, {
        headers,
      });
    }
    await page.request.delete(`${baseUrl()}/api/firms/${FIRM_ID}`, { headers });
  }

  // The trader's screens (§2.22–2.25), in a session of their own.
  const traderContext = await browser.newContext({ viewport: WALK_VIEWPORT });
  try {
    await traderWalk(await traderContext.newPage(), data.traderId);
  } finally {
    await traderContext.close();
  }
});
