import { ruleDefinitionSchema } from '@shared/rules/rule-definition';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  definitionsById,
  rowProgress,
  rowTargets,
} from '@/features/trader-details/trader-accounts';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { profitTargetRule, tradingDaysRule } from '../programs/program-fixtures';
import { signInAsTrader } from '../trader-area/trader-fixtures';
import {
  summaryRecord,
  trader,
  traderAccount,
  traderAccounts,
  traderRules,
} from './trader-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

const detailsPath = 'GET /api/traders/details/TR000001';

function mockDetails(body: unknown = { trader, accounts: traderAccounts, rules: traderRules }) {
  return mockApi({
    [detailsPath]: () => jsonResponse(body),
    'GET /api/whats-new': () => errorResponse(500, 'no'),
  });
}

async function openDetails(path = '/traders/TR000001/details') {
  const app = renderApp(path);
  await screen.findByRole(
    'heading',
    { name: 'Trader Details: Robert Dubois' },
    { timeout: 20_000 },
  );
  return { ...app, user: userEvent.setup() };
}

describe('Trader Details', () => {
  it('shows the trader info, each account in its section and the phase rules', async () => {
    mockDetails();
    await openDetails();

    const info = screen.getByRole('table', { name: 'Trader info' });
    expect(info).toHaveTextContent('Usernamerobert.dubois1');
    expect(info).toHaveTextContent('Trader IDTR000001');
    expect(info).toHaveTextContent('StatusEnabled');
    const ids = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('link')[0]?.textContent);
    expect(ids('Sim-Funded Accounts')).toEqual(['SIM100-2001']);
    expect(ids('Evaluation Accounts')).toEqual(['EVAL50-1001']);
    expect(ids('Busted Accounts')).toEqual(['EVAL50-1002']);
    expect(ids('Inactive Accounts')).toEqual(['EVAL50-1003']);
    const rules = screen.getByRole('table', { name: 'Trading rules' });
    expect(within(rules).getByRole('button', { name: 'EOD Trailing Drawdown' })).toBeVisible();
    expect(within(rules).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText('Hello World')).not.toBeInTheDocument();
  });

  it('lists live-funded and active demo accounts in their own sections, not under Sim-Funded', async () => {
    mockDetails({
      trader,
      accounts: [
        ...traderAccounts,
        traderAccount({
          accountId: 'LIVE100-4001',
          name: 'Dubois - Live',
          phase: 'live-funded',
          type: 'live-funded',
          accountSummary: null,
        }),
      ],
      rules: traderRules,
    });
    await openDetails();

    const ids = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('link')[0]?.textContent);
    expect(ids('Sim-Funded Accounts')).toEqual(['SIM100-2001']);
    expect(ids('Live-Funded Accounts')).toEqual(['LIVE100-4001']);
    expect(ids('Demo Accounts')).toEqual(['DEMO50-3001']);
    const titles = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent?.replace(/\d+$/, ''));
    expect(titles).toEqual(
      expect.arrayContaining([
        'Sim-Funded Accounts',
        'Live-Funded Accounts',
        'Evaluation Accounts',
        'Demo Accounts',
      ]),
    );
  });

  it('shows the five empty texts for a trader without accounts or rules', async () => {
    mockDetails({ trader, accounts: [], rules: [] });
    await openDetails();

    for (const text of [
      'No sim-funded accounts found for this trader.',
      'No active evaluation accounts found for this trader.',
      'No Admin Only accounts found for this trader.',
      'No inactive accounts found for this trader.',
      'No rules found.',
    ]) {
      expect(screen.getByText(text)).toBeVisible();
    }
    // The live-funded and demo sections appear only for a trader who has such accounts.
    expect(screen.queryByText(/Live-Funded Accounts/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Demo Accounts/)).not.toBeInTheDocument();
  });

  it('hides and shows a section', async () => {
    mockDetails();
    const { user } = await openDetails();

    await user.click(screen.getByRole('button', { name: 'Hide Busted Accounts' }));

    // The section closes with an animation: the table leaves when it ends.
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Busted Accounts' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Show Busted Accounts' }));
    expect(await screen.findByRole('table', { name: 'Busted Accounts' })).toBeVisible();
  });

  it('links accounts to their summary, the calculation date to the report and the trader summary', async () => {
    mockDetails();
    await openDetails();

    const evaluation = screen.getByRole('table', { name: 'Evaluation Accounts' });
    expect(within(evaluation).getByRole('link', { name: 'EVAL50-1001' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-1001',
    );
    expect(
      within(evaluation).getByRole('link', {
        name: 'Performance report of EVAL50-1001 for 03/03/2026',
      }),
    ).toHaveAttribute('href', '/traders/TR000001/performance/EVAL50-1001/2026-03-03');
    expect(screen.getByRole('link', { name: 'Trader Summary' })).toHaveAttribute(
      'href',
      '/traders/TR000001',
    );
    expect(screen.getByRole('link', { name: 'Trader Daily Summary' })).toHaveAttribute(
      'href',
      '/summaries/trader/TR000001',
    );
    expect(screen.getByRole('link', { name: /Back to Traders/ })).toHaveAttribute(
      'href',
      '/traders',
    );
  });

  it('groups the overview by phase then status, sim-funded as PERFORMANCE, only Active open', async () => {
    mockDetails();
    await openDetails();

    const overview = screen.getByRole('region', { name: 'Accounts Overview' });
    const triggers = within(overview).getAllByRole('button', { expanded: true });
    expect(triggers.map((button) => button.textContent?.replace(/\d+$/, ''))).toEqual([
      'Evaluation Phase — Active',
      'PERFORMANCE — Active',
      'Demo Phase — Active',
    ]);
    expect(
      within(overview).getByRole('button', { name: /Evaluation Phase — Inactive/ }),
    ).toHaveAttribute('aria-expanded', 'false');
  });

  it('uses the account’s own rules for its bars and the spec’s assumptions only without them', async () => {
    mockDetails();
    await openDetails();

    const own = screen.getByRole('listitem', { name: 'Account EVAL50-1001' });
    expect(own).toHaveTextContent('Drawdown $500.00 of $2,500.00');
    expect(own).not.toHaveTextContent('assumed');
    expect(own).toHaveTextContent('Trading days 2 of 5');
    expect(
      within(own).getByRole('progressbar', { name: 'Drawdown used of EVAL50-1001' }),
    ).toHaveAttribute('aria-valuenow', '20');
    expect(
      within(own).getByRole('progressbar', { name: 'Profit progress of EVAL50-1001' }),
    ).toHaveAttribute('aria-valuenow', '33.3');
    const assumed = screen.getByRole('listitem', { name: 'Account SIM100-2001' });
    expect(assumed).toHaveTextContent('Drawdown $0.00 of $4,000.00 (assumed)');
    expect(assumed).toHaveTextContent('Trading days 0 of 30 (assumed)');
    expect(
      within(assumed).getByRole('progressbar', { name: 'Trading days of SIM100-2001' }),
    ).toHaveAttribute('data-palette', 'gray');
  });

  it('shows the selected account’s summary card and keeps the choice in the URL', async () => {
    mockDetails();
    const { user, router } = await openDetails();

    const card = screen.getByRole('region', { name: 'Account Summary' });
    expect(card).toHaveTextContent('Account EVAL50-1001');
    await user.click(
      within(screen.getByRole('table', { name: 'Busted Accounts' })).getByRole('button', {
        name: 'Show the summary of EVAL50-1002',
      }),
    );

    expect(card).toHaveTextContent('Account EVAL50-1002');
    expect(within(card).getByRole('link', { name: /for 03\/05\/2026/ })).toHaveAttribute(
      'href',
      '/traders/TR000001/performance/EVAL50-1002/2026-03-05',
    );
    expect(router.state.location.search).toBe('?account=EVAL50-1002');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Account for the summary' }),
      'SIM100-2001',
    );
    expect(card).toHaveTextContent('No summary data available for this account.');
  });

  it('opens the trader JSON', async () => {
    mockDetails();
    const { user } = await openDetails();

    await user.click(screen.getByRole('button', { name: 'View JSON' }));

    const dialog = await screen.findByRole('dialog', { name: 'Trader Data JSON' });
    expect(within(dialog).getByRole('button', { name: 'Copy JSON' })).toBeVisible();
  });

  it('takes a trader back to their own dashboard, staff back to the trader list', async () => {
    mockDetails();
    await openDetails();
    expect(screen.getByRole('link', { name: 'Back to Traders' })).toHaveAttribute(
      'href',
      '/traders',
    );

    cleanup();
    signInAsTrader();
    mockDetails();
    await openDetails();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/trader-dashboard',
    );
  });

  it('shows an unknown trader as such with the spec’s error text', async () => {
    mockApi({
      'GET /api/traders/details/NOBODY': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'Trader NOBODY not found' } }, 404),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    renderApp('/traders/NOBODY/details');

    expect(
      await screen.findByRole('heading', { name: 'Trader not found' }, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.getByText('Error loading trader data: Trader NOBODY not found')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});

describe('Per-account row targets', () => {
  const definitions = definitionsById(traderRules);

  it('resolves a percentage profit target and skips a days rule that asks for profitable days', () => {
    const account = traderAccount({
      accountSummary: null,
      summary: { balance: 52_000, equity: 52_000 },
      phaseRules: [
        {
          ruleId: 'profit-target',
          enabled: true,
          priority: 1,
          parameterOverrides: { target: 8, type: 'percentage' },
          customMessages: {},
        },
        {
          ruleId: 'payout-days',
          enabled: true,
          priority: 2,
          parameterOverrides: {},
          customMessages: {},
        },
      ],
    });
    const withPayout = new Map(definitions).set('payout-days', {
      ...tradingDaysRule,
      ruleId: 'payout-days',
      enabled: true,
      testParameters: { minDays: 8, requireProfit: true, minProfit: 200 },
    } as never);

    const targets = rowTargets(account, withPayout);

    expect(targets).toMatchObject({
      startingBalance: 50_000,
      profitTarget: 4_000,
      maxDrawdown: 2_000,
      minDays: 30,
      assumed: { startingBalance: false, maxDrawdown: true, minDays: true },
    });
    expect(rowProgress(account, targets).profit).toBe(50);
  });

  it('assumes 100,000, 4% and 30 days for an account with nothing saying otherwise', () => {
    const account = traderAccount({ program: undefined, accountSummary: null, summary: undefined });

    const targets = rowTargets(account, definitions);

    expect(targets).toMatchObject({
      startingBalance: 100_000,
      profitTarget: null,
      maxDrawdown: 4_000,
      minDays: 30,
    });
    expect(rowProgress(account, targets)).toMatchObject({ profit: 0, drawdown: 0, days: 0 });
  });

  it('prefers the summary’s resolved target and minimum days over the rules', () => {
    const account = traderAccount({
      accountSummary: summaryRecord({ profitTarget: 3_500, minTradingDaysRequired: 7 }),
      phaseRules: [
        {
          ruleId: 'profit-target',
          enabled: true,
          priority: 1,
          parameterOverrides: {},
          customMessages: {},
        },
      ],
    });

    const targets = rowTargets(
      account,
      definitionsById([ruleDefinitionSchema.parse(profitTargetRule)]),
    );

    expect(targets.profitTarget).toBe(3_500);
    expect(targets.minDays).toBe(7);
  });

  it('takes the drawdown from the engine and counts payout days in a payout phase (decisions 34, 35)', () => {
    const drawdown = {
      maxDrawdown: 3_000,
      floorInForce: 100_100,
      floor: 100_100,
      locked: true,
      trough: 101_000,
      balance: 101_200,
      used: 1_900,
      atTrough: 2_100,
      decided: 1_900,
      usage: 1_900 / 3_000,
      breached: false,
    };
    const account = traderAccount({
      accountSummary: summaryRecord({
        currentBalance: 101_200,
        peakBalance: 101_200,
        tradingDaysCompleted: 11,
        minTradingDaysRequired: null,
        payoutDaysCompleted: 2,
        payoutDaysRequired: 8,
        drawdown,
      }),
    });

    const targets = rowTargets(account, definitions);
    const progress = rowProgress(account, targets);

    // Peak − balance would say 0 used; the locked floor leaves 1,100 of room, so 1,900 is used.
    expect(targets).toMatchObject({ maxDrawdown: 3_000, minDays: 8, daysLabel: 'Payout days' });
    expect(progress.drawdownAmount).toBe(1_900);
    expect(progress.drawdown).toBeCloseTo(63.33, 2);
    expect(progress).toMatchObject({ tradingDays: 2, days: 25 });
  });
});
