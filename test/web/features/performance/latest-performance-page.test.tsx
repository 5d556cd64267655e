import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  nextPerformanceSort,
  parsePerformanceSort,
  shortAccountId,
} from '../../../../web/src/features/performance/performance-sort';
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

function mockToday(answer: () => Response) {
  return mockApi({
    'GET /api/performance/today': answer,
    'GET /api/whats-new': () => errorResponse(500, 'no'),
  });
}

const accountsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('Latest Performance', () => {
  it('starts on NetPnl descending, sorts a new column ascending, toggles it, and keeps the sort in the URL', async () => {
    mockToday(() => jsonResponse({ success: true, data: rows, meta: { date: '20260303' } }));
    const { router } = renderApp('/performance/today');
    const user = userEvent.setup();
    const table = await screen.findByRole(
      'table',
      { name: 'Evaluation Phase – Active' },
      { timeout: 20_000 },
    );
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

  it('reads the sort from the URL and drops what it does not know', () => {
    expect(parsePerformanceSort('-AcctBal')).toEqual({ column: 'AcctBal', desc: true });
    expect(parsePerformanceSort('traderEmail')).toEqual({ column: 'NetPnl', desc: true });
    expect(nextPerformanceSort({ column: 'NetPnl', desc: true }, 'NetPnl')).toEqual({
      column: 'NetPnl',
      desc: false,
    });
    expect(shortAccountId('EVAL50-1')).toBe('50-1');
  });
});
