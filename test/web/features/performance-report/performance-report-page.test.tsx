import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PerformanceReport } from '@shared/performance/performance-report';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { signInAsTrader } from '../trader-area/trader-fixtures';
import { conformanceRule, performanceReport } from '../accounts/account-fixtures';
import { drawdownRule } from '../programs/program-fixtures';

jest.setTimeout(60_000);

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

const pagePath = '/traders/TR000001/performance/EVAL50-1001/2026-03-03';
const reportPath = 'GET /api/performance/account/EVAL50-1001/20260303';
const regeneratePath = 'POST /api/performance/regenerate/EVAL50-1001/20260303';
const traderPath = 'GET /api/traders/TR000001';

function fullReport(overrides: Partial<PerformanceReport> = {}): PerformanceReport {
  const base = performanceReport();
  return {
    ...base,
    fcm: 'FCM-ONE',
    ib: 'IB-TWO',
    ClosedPnl: 1_250.5,
    NetPnl: 1_200.25,
    Commissions: 50.25,
    CashBal: 51_200.25,
    AcctBal: 51_200.25,
    HighPnl: 1_500,
    LowPnl: -300,
    AvgWin: 120,
    AvgLoss: -80.5,
    WinPct: 55.555,
    LoserPct: 44.445,
    NoTradingDays: 4,
    BuyQty: 30,
    SellQty: 30,
    NetQty: 0,
    QtyTraded: 60,
    MaxConsecWin: 5,
    MaxConsecLoss: 3,
    AvgWinDuration: 0.0125,
    AvgLossDuration: 0.5,
    traderId: 'TR000001',
    traderEmail: 'trader@example.com',
    trades: [
      {
        Symbol: 'ESH6',
        Exchange: 'CME',
        FillPrice: 5_001.25,
        FillSize: 2,
        OrderId: 'O-77',
        FillId: 'F-1',
        Pnl: -62.5,
        NetChange: 12.5,
        TradeDate: '20260303',
        Commission: 4.2,
      },
    ],
    symbols: [
      {
        Symbol: 'ESH6',
        Exchange: 'CME',
        ClosedPnl: 1_250.5,
        NetPnl: 1_200.25,
        Commissions: 50.25,
        Trades: 60,
        WinTrades: 33,
        LoserTrades: 27,
        WinPct: 55.555,
        LoserPct: 44.445,
        BuyQty: 30,
        SellQty: 30,
        NetQty: 0,
        QtyTraded: 60,
      },
    ],
    ...overrides,
  };
}

function mockReport(
  answer: () => Response = () => jsonResponse(fullReport()),
  extra: Parameters<typeof mockApi>[0] = {},
) {
  return mockApi({
    [reportPath]: answer,
    [traderPath]: () =>
      jsonResponse({ traderId: 'TR000001', firstName: 'Jane', lastName: 'Trader', email: 'x@y.z' }),
    'GET /api/whats-new': () => errorResponse(500, 'no'),
    ...extra,
  });
}

async function openReport() {
  const view = renderApp(pagePath);
  await screen.findByRole('region', { name: 'Basic Performance Metrics' }, { timeout: 20_000 });
  return view;
}

function field(region: HTMLElement, label: string): HTMLElement {
  const element = region.querySelector(`[data-field="${label}"]`);
  if (!(element instanceof HTMLElement)) throw new Error(`No field ${label}`);
  return element;
}

describe('Performance Report page', () => {
  it('shows the header, the back link and every section with its fields', async () => {
    const calls = mockReport();
    await openReport();

    expect(screen.getByRole('heading', { name: 'Performance Report', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: '← Back to Trader Details' })).toHaveAttribute(
      'href',
      '/traders/TR000001/details',
    );
    const header = screen.getByRole('region', { name: 'Report header' });
    expect(await within(header).findByText('Jane Trader')).toBeVisible();
    expect(header).toHaveTextContent('Trader ID: TR000001');
    expect(header).toHaveTextContent('Tuesday, March 3, 2026');
    expect(within(header).getByText('$1,200.25')).toHaveStyle({
      color: 'var(--chakra-colors-fg-success)',
    });
    expect(calls.map((call) => call.url)).toContain(
      '/api/performance/account/EVAL50-1001/20260303',
    );

    const basic = screen.getByRole('region', { name: 'Basic Performance Metrics' });
    expect(field(basic, 'Account')).toHaveTextContent('EVAL50-1001');
    expect(field(basic, 'FCM')).toHaveTextContent('FCM-ONE');
    expect(field(basic, 'IB')).toHaveTextContent('IB-TWO');
    expect(field(basic, 'Date')).toHaveTextContent('03/03/2026');
    expect(field(basic, 'Closed P&L')).toHaveTextContent('$1,250.50');
    expect(field(basic, 'Commissions')).toHaveTextContent('$50.25');
    expect(field(basic, 'Cash Balance')).toHaveTextContent('$51,200.25');
    expect(field(basic, 'Account Balance')).toHaveTextContent('$51,200.25');
    expect(field(basic, 'Auto Liquidate Threshold')).toHaveTextContent('N/A');
    expect(field(basic, 'High P&L')).toHaveTextContent('$1,500.00');
    expect(within(field(basic, 'Low P&L')).getByText('-$300.00')).toHaveStyle({
      color: 'var(--chakra-colors-fg-error)',
    });
    expect(field(basic, 'Average Win')).toHaveTextContent('$120.00');
    expect(field(basic, 'Average Loss')).toHaveTextContent('-$80.50');

    const stats = screen.getByRole('region', { name: 'Trading Statistics' });
    expect(field(stats, 'Total Trades')).toHaveTextContent('60');
    expect(field(stats, 'Winning Trades')).toHaveTextContent('33');
    expect(field(stats, 'Losing Trades')).toHaveTextContent('27');
    expect(field(stats, 'Win Percentage')).toHaveTextContent('55.56%');
    expect(field(stats, 'Loss Percentage')).toHaveTextContent('44.45%');
    expect(field(stats, 'Number of Trading Days')).toHaveTextContent('4');
    expect(field(stats, 'Buy Quantity')).toHaveTextContent('30');
    expect(field(stats, 'Sell Quantity')).toHaveTextContent('30');
    expect(field(stats, 'Net Quantity')).toHaveTextContent('0');
    expect(field(stats, 'Traded Quantity')).toHaveTextContent('60');
    expect(field(stats, 'Max Consecutive Wins')).toHaveTextContent('5');
    expect(field(stats, 'Max Consecutive Losses')).toHaveTextContent('3');
    expect(field(stats, 'Average Win Duration')).toHaveTextContent('0.0125 days');
    expect(field(stats, 'Average Loss Duration')).toHaveTextContent('0.5000 days');

    const trades = screen.getByRole('region', { name: 'Trade Details' });
    expect(within(trades).getByLabelText('1 rows')).toHaveTextContent('1');
    const tradeRow = within(within(trades).getByRole('table')).getAllByRole('row')[1]!;
    expect(
      within(tradeRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'ESH6',
      'CME',
      '5,001.25',
      '2',
      'O-77',
      'F-1',
      '-$62.50',
      // Net Change is a price move in points, not dollars: a dollar sign would misstate it.
      '+12.50 pts',
      '03/03/2026',
      '$4.20',
    ]);

    const symbols = screen.getByRole('region', { name: 'Symbol Performance' });
    const symbolRow = within(within(symbols).getByRole('table')).getAllByRole('row')[1]!;
    expect(
      within(symbolRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'ESH6',
      'CME',
      '$1,250.50',
      '$1,200.25',
      '$50.25',
      '60',
      '33',
      '27',
      '55.56%',
      '44.45%',
      '30',
      '30',
      '0',
      '60',
    ]);

    const conformance = screen.getByRole('region', { name: 'Conformance Rules' });
    expect(within(field(conformance, 'Overall Status')).getByText('compliant')).toBeVisible();
    expect(field(conformance, 'Evaluation Date')).toHaveTextContent('03/03/2026');
    expect(field(conformance, 'Days Traded Count')).toHaveTextContent('2');
    expect(field(conformance, 'Consecutive Loss Days')).toHaveTextContent('1');
    expect(field(conformance, 'Max Drawdown from High')).toHaveTextContent('$500.00');
    expect(field(conformance, 'Current Balance')).toHaveTextContent('$51,000.00');
    expect(field(conformance, 'Starting Balance')).toHaveTextContent('$50,000.00');
    expect(field(conformance, 'Profit Target')).toHaveTextContent('$3,000.00');
    expect(field(conformance, 'Trailing Drawdown')).toHaveTextContent('$49,000.00');

    const metadata = screen.getByRole('region', { name: 'Metadata' });
    expect(field(metadata, 'Trader ID')).toHaveTextContent('TR000001');
    expect(field(metadata, 'Trader Email')).toHaveTextContent('trader@example.com');
    expect(field(metadata, 'File Modified Date')).toHaveTextContent('N/A');
  });

  it('offers a trader the way back to their dashboard and no staff re-judgement', async () => {
    signInAsTrader();
    mockReport();
    await openReport();

    expect(screen.getByRole('link', { name: '← Back to Dashboard' })).toHaveAttribute(
      'href',
      '/trader-dashboard',
    );
    expect(screen.queryByRole('button', { name: /Update Report/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /View JSON2/ })).toBeVisible();
  });

  it('leaves out the trade and symbol tables of a day without them', async () => {
    mockReport(() => jsonResponse(fullReport({ trades: [], symbols: [] })));
    await openReport();
    expect(screen.queryByRole('region', { name: 'Trade Details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Symbol Performance' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Metadata' })).toBeVisible();
  });

  it('shows the rule table with MISSING NAME, multiday/daily and the status badge rule', async () => {
    mockReport(() =>
      jsonResponse(
        fullReport({
          conformance: {
            ...performanceReport().conformance!,
            overallStatus: 'violation',
            rules: [
              conformanceRule({ passed: true, outcome: 'breached' }),
              conformanceRule({
                ruleId: 'daily-loss',
                name: 'Daily Loss',
                category: 'daily-loss',
                isMultiday: false,
              }),
              conformanceRule({
                ruleId: 'profit-target',
                name: 'Profit Target',
                type: 'benchmark',
                passed: true,
                outcome: 'met',
              }),
              conformanceRule({ ruleId: 'unnamed-rule', name: '' }),
            ],
          },
        }),
      ),
    );
    await openReport();
    const conformance = screen.getByRole('region', { name: 'Conformance Rules' });
    // Not compliant is yellow on this page (spec 000 §2), whatever the status.
    expect(within(field(conformance, 'Overall Status')).getByText('violation')).toHaveAttribute(
      'data-color-palette',
      'yellow',
    );
    const table = within(conformance).getByRole('table', { name: 'Rule details' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByLabelText('Violated')).toHaveTextContent('✗');
    expect(within(rows[0]!).getByText('multiday')).toBeVisible();
    expect(within(rows[1]!).getByLabelText('No violation')).toHaveTextContent('✓');
    expect(within(rows[1]!).getByText('daily')).toBeVisible();
    expect(within(rows[2]!).getByLabelText('Benchmark met')).toHaveTextContent('✓');
    expect(within(rows[3]!).getAllByText('MISSING NAME')).toHaveLength(2);
    expect(within(rows[3]!).getByText('unnamed-rule')).toBeVisible();
    // Descriptions wrap, so Severity stays in view at 1280 px rather than scroll off the table.
    const description = within(rows[0]!).getAllByRole('cell')[6]!;
    expect(description).toHaveStyle({ whiteSpace: 'normal' });
  });

  it('opens the Rule Details modal for a rule; a rule without an id only logs a warning', async () => {
    mockReport(
      () =>
        jsonResponse(
          fullReport({
            conformance: {
              ...performanceReport().conformance!,
              rules: [conformanceRule(), conformanceRule({ ruleId: '', name: 'Orphan Rule' })],
            },
          }),
        ),
      {
        'GET /api/rules/max-drawdown': () =>
          jsonResponse({
            ...drawdownRule,
            ruleId: 'max-drawdown',
            name: 'Max Drawdown',
            createdAt: '2026-01-02T10:00:00.000Z',
          }),
      },
    );
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await openReport();
    const table = screen.getByRole('table', { name: 'Rule details' });

    await user.click(within(table).getByRole('button', { name: 'Orphan Rule' }));
    expect(warn).toHaveBeenCalledWith('Rule has no ruleId', expect.anything());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Max Drawdown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rule Details: Max Drawdown' });
    expect(await within(dialog).findByLabelText('Rule JSON')).toHaveTextContent('"maxDrawdown"');
    expect(within(dialog).getByText('Yes')).toBeVisible();
    warn.mockRestore();
  });

  it('opens View JSON2 with Copy JSON', async () => {
    mockReport();
    const user = userEvent.setup();
    await openReport();
    await user.click(screen.getByRole('button', { name: 'View JSON2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Copy JSON' })).toBeVisible();
    expect(dialog).toHaveTextContent('EVAL50-1001');
  });

  it('updates: Updating... and disabled while running, re-fetches after 1 s, success cleared after 5 s', async () => {
    let finish: (response: Response) => void = () => undefined;
    const calls = mockReport(() => jsonResponse(fullReport()), {
      [regeneratePath]: () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });
    await openReport();
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: /Update Report/ }));
      const busy = await screen.findByRole('button', { name: /Updating\.\.\./ });
      expect(busy).toBeDisabled();
      const reportCalls = () =>
        calls.filter((call) => call.url.startsWith('/api/performance/account'));
      const before = reportCalls().length;

      await act(async () => {
        finish(jsonResponse({ success: true, message: 're-judged' }));
      });
      // A trader session left by an earlier test may post its membership check too.
      const regenerate = calls.find(
        (call) => call.method === 'POST' && call.url.startsWith('/api/performance/'),
      );
      expect(regenerate?.url).toBe('/api/performance/regenerate/EVAL50-1001/20260303');
      await act(async () => {
        jest.advanceTimersByTime(900);
      });
      expect(reportCalls()).toHaveLength(before);
      expect(screen.getByRole('button', { name: /Updating\.\.\./ })).toBeDisabled();

      await act(async () => {
        jest.advanceTimersByTime(100);
      });
      await waitFor(() => expect(reportCalls()).toHaveLength(before + 1));
      expect(
        await screen.findByText('Performance report updated and reloaded successfully!'),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: /Update Report/ })).toBeEnabled();

      await act(async () => {
        jest.advanceTimersByTime(4_900);
      });
      expect(
        screen.getByText('Performance report updated and reloaded successfully!'),
      ).toBeVisible();
      await act(async () => {
        jest.advanceTimersByTime(100);
      });
      await waitFor(() =>
        expect(
          screen.queryByText('Performance report updated and reloaded successfully!'),
        ).not.toBeInTheDocument(),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the failure texts of an update', async () => {
    let regenerateAnswer: () => Response = () => jsonResponse({ success: false });
    let reportAnswer: () => Response = () => jsonResponse(fullReport());
    mockReport(() => reportAnswer(), { [regeneratePath]: () => regenerateAnswer() });
    const user = userEvent.setup();
    await openReport();
    const update = () => user.click(screen.getByRole('button', { name: /Update Report/ }));

    await update();
    expect(await screen.findByText('Failed to update performance report')).toBeVisible();

    regenerateAnswer = () => jsonResponse({ success: false, message: 'Account has no program' });
    await update();
    expect(await screen.findByText('Account has no program')).toBeVisible();

    regenerateAnswer = () =>
      jsonResponse({ error: { code: 'CONFLICT', message: 'A sync is already running' } }, 409);
    await update();
    expect(await screen.findByText('A sync is already running')).toBeVisible();

    regenerateAnswer = () => jsonResponse({ success: true });
    reportAnswer = () => errorResponse(500, 'table busy');
    await update();
    expect(
      await screen.findByText(
        'Performance updated but failed to reload data. Please refresh the page.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeVisible();
    // The report already shown stays on screen.
    expect(screen.getByRole('region', { name: 'Basic Performance Metrics' })).toBeVisible();
  });

  it('shows the error text of a failed report, or the spec fallback, with Try Again', async () => {
    mockReport(() =>
      jsonResponse(
        {
          error: { code: 'NOT_FOUND', message: 'No performance data for EVAL50-1001 on 20260303' },
        },
        404,
      ),
    );
    const first = renderApp(pagePath);
    expect(
      await screen.findByText(
        'No performance data for EVAL50-1001 on 20260303',
        {},
        { timeout: 20_000 },
      ),
    ).toBeVisible();
    expect(screen.getByText('Failed to fetch performance data')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
    first.unmount();

    mockReport(() => jsonResponse({}, 500));
    renderApp(pagePath);
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(within(alert).getAllByText('Failed to fetch performance data')).toHaveLength(2);
  });

  it('refuses a date without dashes', async () => {
    mockReport();
    renderApp('/traders/TR000001/performance/EVAL50-1001/20260303');
    expect(
      await screen.findByText(/must be a day written YYYY-MM-DD/, {}, { timeout: 20_000 }),
    ).toBeVisible();
  });

  it('renders what is there when a rule lacks its ruleId and numbers are null (stored days may be partial)', async () => {
    const report = fullReport();
    const broken = JSON.parse(JSON.stringify(report)) as Record<string, unknown> & {
      trades: Record<string, unknown>[];
      conformance: { rules: Record<string, unknown>[] };
    };
    broken.NetPnl = null;
    broken.trades[0]!.Pnl = null;
    delete broken.conformance.rules[0]!.ruleId;
    mockReport(() => jsonResponse(broken));
    await openReport();

    expect(screen.getByRole('status')).toHaveTextContent(
      "This report is shown in part: 3 values were missing or unreadable and are shown as '-'.",
    );
    const basic = screen.getByRole('region', { name: 'Basic Performance Metrics' });
    expect(field(basic, 'Net P&L')).toHaveTextContent('-');
    expect(field(basic, 'Closed P&L')).toHaveTextContent('$1,250.50');
    const trades = screen.getByRole('region', { name: 'Trade Details' });
    expect(within(trades).getByRole('table')).toHaveTextContent('ESH6');
    const rules = screen.getByRole('table', { name: 'Rule details' });
    expect(within(rules).getByRole('button', { name: 'Max Drawdown' })).toBeVisible();
    expect(within(rules).getByRole('button', { name: 'Profit Target' })).toBeVisible();
  });
});
