import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import { toCsv } from '@/components/data-table/csv';
import { dailySummaryCsv } from '@/features/daily-summaries/daily-summary-columns';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

jest.setTimeout(60_000);

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

function summaryRow(overrides: Partial<DailySummaryRow> = {}): DailySummaryRow {
  return {
    date: '20260303',
    traderId: 'TR000001',
    accountId: 'EVAL50-1001',
    tradingDay: 3,
    dailyPnl: 250.5,
    dailyTrades: 12,
    dailyWinRate: 0.5833,
    startingBalance: 50_000,
    endingBalance: 50_250.5,
    runningDrawdown: 120,
    profitTargetProgress: 0.0835,
    consistencyViolation: false,
    accountStatus: 'active',
    ...overrides,
  };
}

/** Twelve accounts of one day: EVAL50-1001 … EVAL50-1012, P&L rising with the number. */
const firmRows = Array.from({ length: 12 }, (_, index) =>
  summaryRow({
    accountId: `EVAL50-${1001 + index}`,
    traderId: `TR00000${(index % 3) + 1}`,
    dailyPnl: (index - 4) * 100,
    consistencyViolation: index === 1,
    accountStatus: index === 2 ? 'failed' : 'active',
  }),
);

function firmAnswer(date = '20260303', rows = firmRows) {
  return jsonResponse({
    data: rows.map((row) => ({ ...row, date })),
    meta: {
      date,
      previousDate: date === '20260303' ? '20260302' : null,
      nextDate: date === '20260302' ? '20260303' : null,
      latestDates: ['20260303', '20260302'],
    },
  });
}

/** The latest date's answer under every sort the table can ask the server for. */
const sortedAnswers = Object.fromEntries(
  ['date', 'trader', 'account', 'pnl', 'trades', 'status'].flatMap((id) =>
    [id, `-${id}`].map((sort) => [`GET /api/summaries/firm?sort=${sort}`, () => firmAnswer()]),
  ),
);

function mockFirm(extra: Record<string, () => Response> = {}) {
  return mockApi({
    ...sortedAnswers,
    'GET /api/summaries/firm': () => firmAnswer(),
    'GET /api/summaries/firm?date=20260302': () => firmAnswer('20260302', firmRows.slice(0, 2)),
    'GET /api/summaries/firm?date=20260303': () => firmAnswer(),
    'GET /api/whats-new': () => errorResponse(500, 'no'),
    ...extra,
  });
}

function bodyRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

function cellTexts(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function firmTable() {
  return screen.findByRole('table', { name: 'Firm daily summary' }, { timeout: 20_000 });
}

describe('Firm Daily Summary', () => {
  it('shows the 13 columns, tick and cross consistency and the links of a row', async () => {
    mockFirm();
    renderApp('/summaries/firm');
    const table = await firmTable();

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Date',
      'Trader',
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
    ]);
    const [first, second, third] = bodyRows(table);
    expect(cellTexts(first!)).toEqual([
      '03/03/2026',
      'TR000001',
      'EVAL50-1001',
      '3',
      '-$400.00',
      '12',
      '58.3%',
      '$50,000.00',
      '$50,250.50',
      '$120.00',
      '8.4%',
      '✓',
      'active',
    ]);
    expect(within(first!).getByLabelText('Consistent')).toHaveTextContent('✓');
    expect(within(second!).getByLabelText('Consistency violation')).toHaveTextContent('✗');
    expect(within(third!).getByText('failed')).toBeVisible();
    expect(within(first!).getByRole('link', { name: 'EVAL50-1001' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-1001',
    );
    expect(within(first!).getByRole('link', { name: 'TR000001' })).toHaveAttribute(
      'href',
      '/summaries/trader/TR000001',
    );
    expect(within(first!).getByRole('link', { name: '03/03/2026' })).toHaveAttribute(
      'href',
      '/traders/TR000001/performance/EVAL50-1001/2026-03-03',
    );
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    expect(bodyRows(table)).toHaveLength(10);
  });

  it('keeps the sort and the page in the URL, and a new sort starts on page 1', async () => {
    mockFirm();
    const user = userEvent.setup();
    const { router } = renderApp('/summaries/firm');
    const table = await firmTable();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(bodyRows(table).map((row) => cellTexts(row)[2])).toEqual(['EVAL50-1011', 'EVAL50-1012']);

    await user.click(within(table).getByRole('button', { name: /PnL/ }));
    expect(router.state.location.search).toBe('?sort=pnl');
    await user.click(within(table).getByRole('button', { name: /PnL/ }));
    expect(router.state.location.search).toBe('?sort=-pnl');
    expect(cellTexts(bodyRows(table)[0]!)[4]).toBe('$700.00');
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
  });

  it('opens a link with sort, page and size as it was', async () => {
    mockFirm();
    renderApp('/summaries/firm?sort=-pnl&page=2&pageSize=10');
    const table = await firmTable();
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(bodyRows(table).map((row) => cellTexts(row)[4])).toEqual(['-$300.00', '-$400.00']);
  });

  it('moves between trading dates with the date in the URL', async () => {
    const calls = mockFirm();
    const user = userEvent.setup();
    const { router } = renderApp('/summaries/firm?page=2');
    await firmTable();
    expect(screen.getByLabelText('Trading date')).toHaveValue('20260303');

    await user.click(screen.getByRole('button', { name: /Previous Day/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=20260302'));
    await waitFor(() => expect(bodyRows(screen.getByRole('table'))).toHaveLength(2));
    expect(calls.map((call) => call.url)).toContain('/api/summaries/firm?date=20260302');
    expect(screen.getByRole('button', { name: /Next Day/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Previous Day/ })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Trading date'), '20260303');
    await waitFor(() => expect(router.state.location.search).toBe('?date=20260303'));
  });

  it('keeps the picked date through leaving and Back, without a history entry per date', async () => {
    mockFirm();
    const user = userEvent.setup();
    const { router } = renderApp('/summaries/firm');
    await firmTable();
    await user.click(screen.getByRole('button', { name: /Previous Day/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=20260302'));
    // Like a sort or a page, a date replaces the entry: Back leaves the screen, not the date.
    expect(router.state.historyAction).toBe('REPLACE');

    await act(() => router.navigate('/traders'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?date=20260302');
    await waitFor(() => expect(screen.getByLabelText('Trading date')).toHaveValue('20260302'));
    await waitFor(() => expect(bodyRows(screen.getByRole('table'))).toHaveLength(2));
  });

  it('exports what the table shows as CSV, in the table order', async () => {
    mockFirm();
    const blobs: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:firm';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('firm-daily-summary-20260303.csv');
    });
    const user = userEvent.setup();
    renderApp('/summaries/firm?sort=-pnl');
    await firmTable();

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await blobText(blobs[0]!);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Date,Trader,Account,Trading Day,PnL (USD),Trades,Win Rate,Start Balance (USD),End Balance (USD),Drawdown (USD),Profit Target %,Consistency,Status',
    );
    // Every row of the day (both pages), highest P&L first as sorted.
    expect(lines).toHaveLength(14);
    expect(lines[1]).toBe(
      '03/03/2026,TR000003,EVAL50-1012,3,700.00,12,58.3%,50000.00,50250.50,120.00,8.4%,✓,active',
    );
    expect(lines[12]).toBe(
      '03/03/2026,TR000001,EVAL50-1001,3,-400.00,12,58.3%,50000.00,50250.50,120.00,8.4%,✓,active',
    );
    click.mockRestore();
  });

  it('says when there is nothing, and names a failure with Try Again', async () => {
    mockApi({
      'GET /api/summaries/firm': () =>
        jsonResponse({
          data: [],
          meta: { date: null, previousDate: null, nextDate: null, latestDates: [] },
        }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    const first = renderApp('/summaries/firm');
    expect(
      await screen.findByText('No trading day has been synced yet.', {}, { timeout: 20_000 }),
    ).toBeVisible();
    first.unmount();

    mockFirm({ 'GET /api/summaries/firm': () => errorResponse(500, 'table busy') });
    renderApp('/summaries/firm');
    expect(await screen.findByText('Error loading data', {}, { timeout: 20_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});

describe('Trader Daily Summary', () => {
  const traderRows = [
    summaryRow({ date: '20260302', accountId: 'EVAL50-1001', dailyPnl: -100 }),
    summaryRow({ date: '20260303', accountId: 'EVAL50-1002', consistencyViolation: true }),
    summaryRow({ date: '20260303', accountId: 'EVAL50-1001' }),
  ];

  it('shows the 12 columns without Trader, newest day first, accounts linked', async () => {
    mockApi({
      'GET /api/summaries/trader/TR000001': () => jsonResponse({ data: traderRows }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    renderApp('/summaries/trader/TR000001');
    const table = await screen.findByRole(
      'table',
      { name: 'Trader daily summary' },
      { timeout: 20_000 },
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toHaveLength(12);
    expect(headers).not.toContain('Trader');
    const rows = bodyRows(table);
    expect(rows.map((row) => cellTexts(row).slice(0, 2))).toEqual([
      ['03/03/2026', 'EVAL50-1001'],
      ['03/03/2026', 'EVAL50-1002'],
      ['03/02/2026', 'EVAL50-1001'],
    ]);
    expect(within(rows[1]!).getByLabelText('Consistency violation')).toHaveTextContent('✗');
    expect(within(rows[0]!).getByRole('link', { name: 'EVAL50-1001' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-1001',
    );
    expect(screen.getByRole('link', { name: 'Trader Details' })).toHaveAttribute(
      'href',
      '/traders/TR000001/details',
    );
  });

  it("shows the server's message for an unknown trader", async () => {
    mockApi({
      'GET /api/summaries/trader/TR999999': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'Trader TR999999 not found' } }, 404),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    renderApp('/summaries/trader/TR999999');
    expect(await screen.findByText('Error loading data', {}, { timeout: 20_000 })).toBeVisible();
    expect(screen.getByText('Trader TR999999 not found')).toBeVisible();
  });

  it('writes the CSV without the Trader column', () => {
    const lines = dailySummaryCsv(traderRows.slice(0, 1), false).split('\r\n');
    expect(lines).toEqual([
      'Date,Account,Trading Day,PnL (USD),Trades,Win Rate,Start Balance (USD),End Balance (USD),Drawdown (USD),Profit Target %,Consistency,Status',
      '03/02/2026,EVAL50-1001,3,-100.00,12,58.3%,50000.00,50250.50,120.00,8.4%,✓,active',
      '',
    ]);
  });
});

describe('CSV', () => {
  it('neutralises broker ids a spreadsheet would run as formulas, keeping negative amounts numbers', () => {
    const rows = [
      summaryRow({
        traderId: '=HYPERLINK("http://evil.example","Click")',
        accountId: '@SUM(A1:A9)',
        dailyPnl: -100,
      }),
      summaryRow({ traderId: '+1+1', accountId: '-2+3', dailyPnl: 0 }),
      summaryRow({ traderId: '\tTR1', accountId: '\rAC1', dailyPnl: 5 }),
    ];

    const lines = dailySummaryCsv(rows, true).split('\r\n');

    expect(lines[1]!.split(',').slice(0, 5)).toEqual([
      '03/03/2026',
      `"'=HYPERLINK(""http://evil.example""`,
      `""Click"")"`,
      "'@SUM(A1:A9)",
      '3',
    ]);
    expect(lines[1]).toContain(',-100.00,');
    expect(lines[2]!.split(',').slice(1, 3)).toEqual(["'+1+1", "'-2+3"]);
    expect(lines[3]!.split(',').slice(1, 3)).toEqual(["'\tTR1", `"'\rAC1"`]);
  });

  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(
      toCsv(
        ['a', 'b,c'],
        [
          ['say "hi"', 'two\nlines'],
          ['1', '2'],
        ],
      ),
    ).toBe('a,"b,c"\r\n"say ""hi""","two\nlines"\r\n1,2\r\n');
  });
});

describe('Firm Daily Summary larger than one answer', () => {
  it('counts the date’s rows from the totals and reads the next page with Load more', async () => {
    const totals = { rows: 12, dailyPnl: 0, dailyTrades: 0, active: 11, passed: 0, failed: 1 };
    const meta = {
      date: '20260303',
      previousDate: '20260302',
      nextDate: null,
      latestDates: ['20260303', '20260302'],
      limit: 200,
      totals,
    };
    const calls = mockApi({
      'GET /api/summaries/firm': () =>
        jsonResponse({ data: firmRows.slice(0, 5), meta: { ...meta, nextCursor: 'p2' } }),
      'GET /api/summaries/firm?cursor=p2': () => jsonResponse({ data: firmRows.slice(5), meta }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    renderApp('/summaries/firm');
    await firmTable();
    expect(screen.getByText('12 rows')).toBeVisible();
    expect(screen.getByText('1–5 of 5')).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getByText('1–10 of 12')).toBeVisible());
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/summaries/firm?cursor=p2');
  });
});
