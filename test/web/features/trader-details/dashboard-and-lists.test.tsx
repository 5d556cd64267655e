import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { dashboardData, dashboardHandlers, dashboardRows, traderAccounts } from './trader-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

const statsUrl = '/api/account-summaries/admin/dashboard';
const accountsUrl = '/api/account-summaries/admin/dashboard/accounts?limit=200';

function mockDashboard(stats: () => Response = () => jsonResponse({ data: dashboardData })) {
  return mockApi({
    ...dashboardHandlers({ [`GET ${statsUrl}`]: stats }),
    'GET /api/whats-new': () => errorResponse(500, 'no'),
  });
}

async function openDashboard(path = '/performance/dashboard') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Account Summary Dashboard' }, { timeout: 20_000 });
  return { ...app, user: userEvent.setup() };
}

describe('Account Summary Dashboard', () => {
  it('shows the counts and the violations count on its tab', async () => {
    mockDashboard();
    await openDashboard();

    const counts = await screen.findByLabelText('Summary counts');
    for (const [label, value] of [
      ['Total Accounts', '4'],
      ['Active', '3'],
      ['Evaluation', '3'],
      ['Sim-Funded', '1'],
      ['Live-Funded', '0'],
      ['Demo', '0'],
      ['Completed', '1'],
      ['Close to Passing', '1'],
    ]) {
      expect(within(counts).getByText(label as string).parentElement).toHaveTextContent(
        `${label}${value}`,
      );
    }
    expect(await screen.findByRole('tab', { name: 'Rule Violations (2)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('table', { name: 'All accounts' })).toBeVisible();
  });

  it('lists violations newest first with rule, value and threshold, linking each account', async () => {
    mockDashboard();
    const { user, router } = await openDashboard();

    await user.click(await screen.findByRole('tab', { name: 'Rule Violations (2)' }));

    const table = await screen.findByRole('table', { name: 'Rule violations' });
    const [, newest, older] = within(table).getAllByRole('row');
    expect(newest).toHaveTextContent('03/04/2026EVAL50-1004TR000003Maximum Loss');
    expect(newest).toHaveTextContent('$3,100.00$2,000.00');
    expect(older).toHaveTextContent('03/02/2026EVAL50-1003');
    expect(
      within(newest as HTMLElement).getByRole('link', { name: 'EVAL50-1004' }),
    ).toHaveAttribute('href', '/summaries/account/EVAL50-1004');
    expect(router.state.location.search).toBe('?tab=violations');
  });

  it('ranks top performers by profit progress and leaves out failed and profitless accounts', async () => {
    mockDashboard();
    const { user } = await openDashboard('/performance/dashboard?tab=top');

    const table = await screen.findByRole('table', { name: 'Top performers' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('link')[0]?.textContent),
    ).toEqual(['EVAL50-1002', 'EVAL50-1001', 'SIM100-2001']);
    await user.click(screen.getByRole('tab', { name: 'Needs Attention' }));
    const attention = await screen.findByRole('table', { name: 'Needs attention' });
    const [, close, deep] = within(attention).getAllByRole('row');
    expect(close).toHaveTextContent('Close to passing');
    expect(deep).toHaveTextContent('Drawdown above 80% of limit');
    expect(deep).toHaveTextContent('Inactivity warning');
    expect(
      within(deep as HTMLElement).getByRole('progressbar', {
        name: 'Drawdown used of EVAL50-1005',
      }),
    ).toHaveAttribute('data-palette', 'red');
  });

  it('re-reads the counts and the open tab’s page on Refresh', async () => {
    const calls = mockDashboard();
    const { user } = await openDashboard();
    await screen.findByRole('table', { name: 'All accounts' });
    const count = (url: string) => calls.filter((call) => call.url === url).length;
    expect(count(statsUrl)).toBe(1);
    expect(count(accountsUrl)).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() => expect(count(statsUrl)).toBe(2));
    await waitFor(() => expect(count(accountsUrl)).toBe(2));
  });

  it('reads further accounts after the cursor on Load more', async () => {
    const calls = mockApi({
      ...dashboardHandlers({
        [`GET ${accountsUrl}`]: () =>
          jsonResponse({ data: dashboardRows.slice(0, 2), meta: { limit: 2, nextCursor: 'c2' } }),
        [`GET ${accountsUrl}&cursor=c2`]: () =>
          jsonResponse({ data: dashboardRows.slice(2), meta: { limit: 2 } }),
      }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    const { user } = await openDashboard();
    const table = await screen.findByRole('table', { name: 'All accounts' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(calls.some((call) => call.url === `${accountsUrl}&cursor=c2`)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the spec’s error text with Try Again', async () => {
    mockDashboard(() => errorResponse(500, 'boom'));
    await openDashboard();

    expect(await screen.findByText('Failed to fetch dashboard data')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});

describe('Accounts of a trader', () => {
  function mockAccounts(response: () => Response) {
    return mockApi({
      'GET /api/accounts/trader/TR000001': response,
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
  }

  it('overview groups by phase then status with only Active open', async () => {
    mockAccounts(() => jsonResponse(traderAccounts));
    renderApp('/traders/TR000001/overview');

    expect(
      await screen.findByRole(
        'heading',
        { name: 'Accounts Overview for Trader TR000001' },
        { timeout: 20_000 },
      ),
    ).toBeVisible();
    expect(
      await screen.findByRole('table', { name: 'Evaluation Phase — Active' }),
    ).toHaveTextContent('EVAL50-1001');
    expect(screen.getByRole('heading', { name: 'PERFORMANCE' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Evaluation Phase — Inactive/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('link', { name: /Trader Summary/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/traders/TR000001/details',
    );
  });

  it('the accounts list links each account to the trader summary', async () => {
    mockAccounts(() => jsonResponse(traderAccounts));
    renderApp('/traders/TR000001/accounts');

    const table = await screen.findByRole('table', { name: 'Accounts' }, { timeout: 20_000 });
    expect(screen.getByRole('heading', { name: 'Accounts for Trader TR000001' })).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Account ID', 'Name', 'Currency', 'Type', 'Status', 'Email', 'Trader Summary']);
    expect(
      within(table).getByRole('link', { name: 'Trader Summary of EVAL50-1001' }),
    ).toHaveAttribute('href', '/summaries/trader/TR000001');
  });

  it('says when the trader has no accounts, and the spec’s error text on failure', async () => {
    mockAccounts(() => jsonResponse([]));
    const first = renderApp('/traders/TR000001/accounts');
    expect(
      await screen.findByText('No accounts found for this trader.', {}, { timeout: 20_000 }),
    ).toBeVisible();
    first.unmount();

    mockAccounts(() => errorResponse(403, 'You may only read your own trader data'));
    renderApp('/traders/TR000001/overview');
    expect(
      await screen.findByText('Failed to fetch accounts: You may only read your own trader data'),
    ).toBeVisible();
  });
});
