import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shortAccountId } from '@/features/performance/performance-sort';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { performanceRow } from '../accounts/account-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

const rows = [
  performanceRow({ Account: 'EVAL50-1001', NetPnl: 90, Trades: 4, WinPct: 66.66 }),
  performanceRow({ Account: 'EVAL50-1002', NetPnl: -300, Trades: 9, WinPct: 12.34 }),
  performanceRow({ Account: 'EVAL50-1003', NetPnl: 1_200, Trades: 1 }),
  performanceRow({ Account: 'SIM100-2001', accountType: 'sim-funded', rithmicStatus: 'Inactive' }),
];

/** The server answers a status filter too (the mock's rows are filtered by the screen as well). */
function mockToday(answer: () => Response) {
  return mockApi({
    'GET /api/performance/today': answer,
    ...Object.fromEntries(
      ['active', 'passed', 'failed', 'held'].map((status) => [
        `GET /api/performance/today?status=${status}`,
        answer,
      ]),
    ),
    'GET /api/whats-new': () => errorResponse(500, 'no'),
  });
}

const accountsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

/** Opens the screen and waits for its first group's table. */
async function openToday() {
  const { router } = renderApp('/performance/today');
  const table = await screen.findByRole(
    'table',
    { name: 'Evaluation Phase – Active' },
    { timeout: 20_000 },
  );
  return { router, user: userEvent.setup(), table };
}

describe('Latest Performance', () => {
  it('starts on NetPnl descending, sorts a new column ascending, toggles it, and keeps the sort in the URL', async () => {
    mockToday(() => jsonResponse({ success: true, data: rows, meta: { date: '20260303' } }));
    const { router, user, table } = await openToday();
    expect(screen.getByText('Latest data date: 03/03/2026')).toBeVisible();
    expect(accountsOf(table)).toEqual(['50-1003', '50-1001', '50-1002']);

    await user.click(within(table).getByRole('button', { name: 'Trades' }));
    expect(accountsOf(table)).toEqual(['50-1003', '50-1001', '50-1002']);
    expect(router.state.location.search).toBe('?sort=Trades');
    await user.click(within(table).getByRole('button', { name: 'Trades' }));
    expect(accountsOf(table)).toEqual(['50-1002', '50-1001', '50-1003']);
    expect(router.state.location.search).toBe('?sort=-Trades');
    await user.click(within(table).getByRole('button', { name: 'WinPct' }));
    expect(router.state.location.search).toBe('?sort=WinPct');
    expect(within(table).getByRole('columnheader', { name: 'WinPct' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(table).queryByRole('button', { name: 'Trader Email' })).not.toBeInTheDocument();
  });

  it('links the shortened account id to its summary and shows WinPct with one decimal', async () => {
    mockToday(() => jsonResponse({ success: true, data: rows, meta: { date: '20260303' } }));
    renderApp('/performance/today');
    const table = await screen.findByRole(
      'table',
      { name: 'Evaluation Phase – Active' },
      { timeout: 20_000 },
    );

    expect(within(table).getByRole('link', { name: '50-1001' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-1001',
    );
    expect(within(table).getByText('66.7%')).toBeVisible();
    expect(within(table).getByText('12.3%')).toBeVisible();
    expect(
      screen.queryByRole('table', { name: 'Sim Funded Phase – Inactive' }),
    ).not.toBeInTheDocument();
  });

  it('says there is no data, or what failed with Try Again', async () => {
    let call = 0;
    mockToday(() =>
      ++call === 1
        ? errorResponse(500, 'down')
        : jsonResponse({ success: true, data: [], meta: { date: null } }),
    );
    renderApp('/performance/today');
    expect(
      await screen.findByText('Failed to fetch performance data: 500', {}, { timeout: 20_000 }),
    ).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByText('No performance data is currently available for today.'),
    ).toBeVisible();
  });

  it('treats success false as a failure', async () => {
    mockToday(() => jsonResponse({ success: false, data: [], meta: { date: null } }));
    renderApp('/performance/today');
    expect(
      await screen.findByText('API returned unsuccessful response', {}, { timeout: 20_000 }),
    ).toBeVisible();
  });

  it('reads the sort from the URL and drops what it does not know', async () => {
    mockToday(() => jsonResponse({ success: true, data: rows, meta: { date: '20260303' } }));
    renderApp('/performance/today?sort=traderEmail');
    const table = await screen.findByRole(
      'table',
      { name: 'Evaluation Phase – Active' },
      { timeout: 20_000 },
    );
    expect(within(table).getByRole('columnheader', { name: 'NetPnl' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(accountsOf(table)).toEqual(['50-1003', '50-1001', '50-1002']);
    expect(shortAccountId('EVAL50-1')).toBe('50-1');
  });

  it('marks each account with its judged status: a failed account the broker lists as Active', async () => {
    mockToday(() =>
      jsonResponse({
        success: true,
        data: [
          performanceRow({ Account: 'EVAL50-1001', status: 'failed' }),
          performanceRow({ Account: 'EVAL50-1002', status: 'active', NetPnl: -5 }),
        ],
        meta: { date: '20260303', latestDate: '20260303' },
      }),
    );
    renderApp('/performance/today');
    const table = await screen.findByRole(
      'table',
      { name: 'Evaluation Phase – Active' },
      { timeout: 20_000 },
    );

    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeVisible();
    const [, failed, active] = within(table).getAllByRole('row');
    expect(failed).toHaveTextContent('50-1001');
    expect(within(failed!).getByText('failed')).toBeVisible();
    expect(within(active!).getByText('active')).toBeVisible();
  });

  it('shows another day picked in the date field, keeps it in the URL and goes back to the latest', async () => {
    const calls = mockApi({
      'GET /api/performance/today': () =>
        jsonResponse({
          success: true,
          data: rows,
          meta: { date: '20260303', latestDate: '20260303' },
        }),
      'GET /api/performance/today?date=20260302': () =>
        jsonResponse({
          success: true,
          data: [performanceRow({ Account: 'EVAL50-1009', NetPnl: 7 })],
          meta: { date: '20260302', latestDate: '20260303' },
        }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    const { router } = renderApp('/performance/today');
    await screen.findByRole('table', { name: 'Evaluation Phase – Active' }, { timeout: 20_000 });
    const field = screen.getByLabelText('Date');
    expect(field).toHaveValue('2026-03-03');
    expect(field).toHaveAttribute('max', '2026-03-03');

    fireEvent.change(field, { target: { value: '2026-03-02' } });

    await waitFor(() => expect(router.state.location.search).toBe('?date=20260302'));
    expect(await screen.findByText('Data date: 03/02/2026')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Evaluation Phase – Active' });
    expect(accountsOf(table)).toEqual(['50-1009']);
    expect(calls.map((call) => call.url)).toContain('/api/performance/today?date=20260302');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Latest day' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Latest data date: 03/03/2026')).toBeVisible();
  });

  it('exports every row of the day as CSV', async () => {
    mockToday(() =>
      jsonResponse({
        success: true,
        data: [performanceRow({ Account: 'EVAL50-1001', status: 'failed', WinPct: 66.666 })],
        meta: { date: '20260303', latestDate: '20260303' },
      }),
    );
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:performance';
      }),
      revokeObjectURL: jest.fn(),
    });
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderApp('/performance/today');
    await screen.findByRole('table', { name: 'Evaluation Phase – Active' }, { timeout: 20_000 });

    await userEvent.setup().click(screen.getByRole('button', { name: /Export CSV/ }));

    expect(names).toEqual(['latest-performance-20260303.csv']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text.split('\r\n').slice(0, 2)).toEqual([
      'Date,Account,Trader Email,Phase Type,Broker Status,Status,Room to Breach (USD),ClosedPnl (USD),NetPnl (USD),Commissions (USD),Trades,WinTrades,LoserTrades,WinPct,CashBal (USD),AcctBal (USD)',
      '03/03/2026,EVAL50-1001,alice@example.com,evaluation,Active,failed,,100.00,90.00,10.00,4,3,1,66.7,51000.00,51000.00',
    ]);
    click.mockRestore();
  });

  it('sorts closest to breach first and filters by status, held included, in the URL', async () => {
    mockToday(() =>
      jsonResponse({
        success: true,
        data: [
          performanceRow({
            Account: 'EVAL50-1001',
            status: 'active',
            room: { drawdown: { room: 1_200, share: 0.48 }, dailyLoss: { room: 900, share: 0.9 } },
          }),
          performanceRow({ Account: 'EVAL50-1002', status: 'failed' }),
          performanceRow({
            Account: 'EVAL50-1003',
            status: 'active',
            room: { drawdown: null, dailyLoss: { room: 50, share: 0.05 } },
          }),
          performanceRow({ Account: 'EVAL50-1004', status: 'active', heldSince: '20260303' }),
        ],
        meta: { date: '20260303', latestDate: '20260303' },
      }),
    );
    const { router, user, table } = await openToday();
    expect(within(table).getByRole('row', { name: /50-1003/ })).toHaveTextContent(
      '$50.00 5.0% daily loss',
    );
    expect(within(table).getByRole('row', { name: /50-1004/ })).toHaveTextContent('held');

    await user.click(screen.getByRole('button', { name: 'Closest to breach first' }));
    await waitFor(() =>
      expect(accountsOf(table)).toEqual(['50-1003', '50-1001', '50-1002', '50-1004']),
    );
    expect(router.state.location.search).toBe('?sort=room');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'held');
    await waitFor(() =>
      expect(accountsOf(screen.getByRole('table', { name: 'Evaluation Phase – Active' }))).toEqual([
        '50-1004',
      ]),
    );
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('status'), params.get('sort')]).toEqual(['held', 'room']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'passed');
    expect(await screen.findByText('No passed account has data for 03/03/2026.')).toBeVisible();
  });
});

describe('Latest Performance larger than one answer', () => {
  const first = rows.slice(0, 2);
  const groups = [
    { phase: 'evaluation', rithmicStatus: 'Active', rows: 450 },
    { phase: 'evaluation', rithmicStatus: 'Inactive', rows: 0 },
    { phase: 'evaluation', rithmicStatus: 'Admin Only', rows: 0 },
    { phase: 'sim-funded', rithmicStatus: 'Active', rows: 0 },
    { phase: 'sim-funded', rithmicStatus: 'Inactive', rows: 7 },
    { phase: 'sim-funded', rithmicStatus: 'Admin Only', rows: 0 },
  ];
  const meta = { date: '20260303', latestDate: '20260303', groups, limit: 200 };

  it('counts the groups from the server, reads an open group page by page in the URL sort, and exports every page', async () => {
    const calls = mockApi({
      'GET /api/performance/today': () =>
        jsonResponse({ success: true, data: first, meta: { ...meta, nextCursor: 'c1' } }),
      'GET /api/performance/today?date=20260303&group=evaluation-active&sort=-NetPnl': () =>
        jsonResponse({
          success: true,
          data: rows.slice(0, 2),
          meta: { ...meta, nextCursor: 'g2' },
        }),
      'GET /api/performance/today?date=20260303&group=evaluation-active&sort=-NetPnl&cursor=g2':
        () => jsonResponse({ success: true, data: rows.slice(2, 3), meta }),
      'GET /api/performance/today?date=20260303&sort=-NetPnl': () =>
        jsonResponse({
          success: true,
          data: rows.slice(0, 3),
          meta: { ...meta, nextCursor: 'e2' },
        }),
      'GET /api/performance/today?date=20260303&sort=-NetPnl&cursor=e2': () =>
        jsonResponse({ success: true, data: rows.slice(3), meta }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    const { user, table } = await openToday();

    // The headers count what the server holds, not the rows loaded.
    expect(screen.getByRole('button', { name: /Evaluation Phase/ })).toHaveTextContent('450');
    const [active] = screen.getAllByRole('button', { name: /^Active/ });
    expect(active).toHaveTextContent('450');
    expect(screen.getByRole('button', { name: /Sim Funded Phase/ })).toHaveTextContent('7');
    expect(accountsOf(table)).toEqual(['50-1001', '50-1002']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(accountsOf(table)).toEqual(['50-1003', '50-1001', '50-1002']));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const created = jest.fn<string, [Blob]>(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(calls.map((call) => call.url)).toContain(
      '/api/performance/today?date=20260303&sort=-NetPnl&cursor=e2',
    );
  });
});
