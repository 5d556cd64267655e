import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maskedPassword } from '@/features/traders/components/contact-information';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { accountDetail } from '../accounts/account-fixtures';
import { days, traderAccount, traderRecord } from './trader-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

const accounts = [
  traderAccount(),
  traderAccount({
    accountId: 'EVAL50-1002',
    rithmicStatus: 'Active',
    program: { ...accountDetail().program!, name: 'Evaluation 50K' },
  }),
  traderAccount({ accountId: 'EVAL50-1003', rithmicStatus: 'Inactive' }),
];

/** The account's balance series (the account page's chart source), one point a day. */
function detailOf(accountId: string, history: [string, number][]) {
  return () =>
    jsonResponse({
      data: days(accountId, history).map((day) => ({
        date: day.date,
        accountBalance: day.AcctBal,
        cashBalance: null,
        floor: null,
      })),
    });
}

function mockDashboard(overrides: Record<string, () => Response> = {}) {
  return mockApi({
    'GET /api/whats-new': () => errorResponse(500, 'no'),
    'GET /api/traders/details/TR000001': () =>
      jsonResponse({ trader: traderRecord(), accounts, rules: [] }),
    'GET /api/summaries/account/EVAL50-1001/balances': detailOf('EVAL50-1001', [
      ['20260302', 50_500],
      ['20260303', 51_000],
    ]),
    'GET /api/summaries/account/EVAL50-1002/balances': detailOf('EVAL50-1002', [
      ['20260303', 49_000],
    ]),
    ...overrides,
  });
}

async function openDashboard(path = '/traders/trader-dashboard/TR000001') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Robert Dubois', level: 1 }, { timeout: 20_000 });
  return { ...app, user: userEvent.setup() };
}

describe('Trader dashboard', () => {
  it('shows the header, the account summary table, contact information and recent activity', async () => {
    mockDashboard();
    await openDashboard();

    expect(screen.getByText(/^Trader ID:/)).toHaveTextContent('Trader ID: TR000001');
    const table = screen.getByRole('table', { name: 'Account summary' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'EVAL50-1003' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-1003',
    );
    const contact = screen.getByRole('region', { name: 'Contact Information' });
    expect(within(contact).getByText('Enabled')).toHaveAttribute('data-palette', 'green');
    expect(within(contact).getByRole('link', { name: 'trader@example.com' })).toHaveAttribute(
      'href',
      'mailto:trader@example.com',
    );
    expect(within(contact).getByRole('link', { name: '+1-312-555-0175' })).toHaveAttribute(
      'href',
      'tel:+1-312-555-0175',
    );
    // No membership record: no address or credentials block.
    expect(within(contact).queryByText('Technical Credentials')).not.toBeInTheDocument();

    const notes = screen.getByRole('textbox', { name: 'Notes & Comments' });
    expect(notes).toHaveAttribute('readonly');
    expect(notes).toHaveAttribute('placeholder', 'Add notes about this trader...');

    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(activity).toHaveTextContent('Latest Performance Update03/03/2026');
    expect(activity).toHaveTextContent('Account CreatedUnknown');
  });

  it("shows each active account's distance to its limits, closest to a breach first", async () => {
    const summary = accountDetail().summary!;
    const drawdown = {
      maxDrawdown: 2_500,
      floorInForce: 48_500,
      floor: 48_500,
      locked: false,
      trough: 50_100,
      balance: 50_400,
      used: 600,
      atTrough: 900,
      decided: 600,
      usage: 0.24,
      breached: false,
    };
    mockDashboard({
      'GET /api/traders/details/TR000001': () =>
        jsonResponse({
          trader: traderRecord(),
          accounts: [
            traderAccount({
              summary: {
                ...summary,
                currentBalance: 50_400,
                totalProfit: 400,
                profitTargetProgress: 400 / 3_000,
                drawdown,
                dailyLoss: { loss: 750, limit: 1_000 },
              },
            }),
            traderAccount({
              accountId: 'EVAL50-1002',
              summary: {
                ...summary,
                accountId: 'EVAL50-1002',
                drawdown: { ...drawdown, balance: 48_600, floor: 48_500 },
                dailyLoss: { loss: 0, limit: 1_000 },
              },
            }),
            traderAccount({
              accountId: 'EVAL50-1003',
              status: 'failed',
              summary: { ...summary, accountId: 'EVAL50-1003', accountStatus: 'failed' },
            }),
          ],
          rules: [],
        }),
    });
    await openDashboard();

    const card = screen.getByRole('region', { name: 'Distance to Limits' });
    const limits = within(card).getAllByRole('article');
    expect(limits.map((entry) => entry.getAttribute('aria-label'))).toEqual([
      'Limits of EVAL50-1002',
      'Limits of EVAL50-1001',
    ]);
    expect(limits[0]).toHaveTextContent('Closest: drawdown, $100.00 left · after 03/03/2026');
    const first = limits[1]!;
    expect(first).toHaveTextContent('$1,900.00 (76.0%) above the floor of $48,500.00');
    expect(first).toHaveTextContent(
      '$250.00 (25.0%) of $1,000.00 left on the last day (lost $750.00)',
    );
    expect(first).toHaveTextContent('$2,600.00 to go, 13.3% of $3,000.00');
    expect(first).toHaveTextContent('3 to go, 2 of 5');
    expect(
      within(first).getByRole('progressbar', { name: 'EVAL50-1001 drawdown' }),
    ).toHaveAttribute('aria-valuenow', '24');
    expect(within(card).queryByText(/EVAL50-1003/)).not.toBeInTheDocument();
  });

  it('charts every Active account, and a selection charts one account under its title', async () => {
    const calls = mockDashboard();
    const { user, router } = await openDashboard();

    const chartCard = screen.getByRole('region', { name: 'All Account Balances Over Time' });
    expect(
      await within(chartCard).findByRole('img', {
        name: 'Balance chart: EVAL50-1001, EVAL50-1002',
      }),
    ).toBeVisible();
    // The Inactive account is never asked for: only Active accounts are plotted.
    expect(calls.some((call) => call.url.includes('EVAL50-1003'))).toBe(false);
    expect(within(chartCard).queryByRole('button', { name: 'Clear Selection' })).toBeNull();

    const list = screen.getByRole('list', { name: 'Accounts' });
    expect(within(list).getByRole('button', { name: /EVAL50-1003/ })).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: /EVAL50-1002/ }));

    const selected = await screen.findByRole('region', {
      name: 'Account Performance: EVAL50-1002',
    });
    expect(router.state.location.search).toBe('?account=EVAL50-1002');
    expect(within(list).getByRole('button', { name: /EVAL50-1002/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      await within(selected).findByRole('img', { name: 'Balance chart: EVAL50-1002' }),
    ).toBeVisible();

    const clear = within(selected).getByRole('button', { name: 'Clear Selection' });
    expect(clear).toHaveAttribute('title', 'Show all accounts');
    await user.click(clear);
    expect(
      await screen.findByRole('region', { name: 'All Account Balances Over Time' }),
    ).toBeVisible();
    expect(router.state.location.search).toBe('');
  });

  it('shows the no-data message when no Active account has days', async () => {
    mockDashboard({
      'GET /api/summaries/account/EVAL50-1001/balances': detailOf('EVAL50-1001', []),
      'GET /api/summaries/account/EVAL50-1002/balances': detailOf('EVAL50-1002', []),
    });
    await openDashboard();
    expect(
      await screen.findByText('No chart data available. Check if account data exists.'),
    ).toBeVisible();
  });

  it('shows the password as a fixed 8 bullets, with reveal and copy on demand (decision 31)', async () => {
    mockDashboard({
      'GET /api/traders/details/TR000001': () =>
        jsonResponse({
          trader: traderRecord({
            amember: {
              street: '5 Lake Rd',
              city: 'Austin',
              zip: '73301',
              country: 'US',
              phone: '+1-512-555-0100',
              rithmic_user_id: 'DL-000001',
              rithmic_passwd: 'secret12345',
            },
          }),
          accounts,
          rules: [],
        }),
    });
    const { user } = await openDashboard();
    const contact = screen.getByRole('region', { name: 'Contact Information' });
    expect(within(contact).getByText('5 Lake Rd')).toBeVisible();
    expect(within(contact).queryByText('Street 2')).not.toBeInTheDocument();
    // The length of the password is not shown: 8 bullets whatever it is.
    expect(within(contact).getByTestId('masked-password')).toHaveTextContent(/^•{8}$/);
    expect(contact).not.toHaveTextContent('secret12345');

    await user.click(within(contact).getByRole('button', { name: 'Show Rithmic password' }));
    expect(within(contact).getByTestId('masked-password')).toHaveTextContent('secret12345');
    await user.click(within(contact).getByRole('button', { name: 'Hide Rithmic password' }));
    expect(contact).not.toHaveTextContent('secret12345');
    await user.click(within(contact).getByRole('button', { name: 'Copy Rithmic password' }));
    // user-event's clipboard stand-in holds what the page copied.
    await expect(navigator.clipboard.readText()).resolves.toBe('secret12345');
    expect(maskedPassword()).toBe('••••••••');
  });

  it('shows a trader 8 bullets and no reveal when the answer withholds the password', async () => {
    mockDashboard({
      'GET /api/traders/details/TR000001': () =>
        jsonResponse({
          trader: traderRecord({ amember: { city: 'Austin', rithmic_user_id: 'DL-000001' } }),
          accounts,
          rules: [],
        }),
    });
    await openDashboard();
    const contact = screen.getByRole('region', { name: 'Contact Information' });
    expect(within(contact).getByTestId('masked-password')).toHaveTextContent(/^•{8}$/);
    expect(
      within(contact).queryByRole('button', { name: 'Show Rithmic password' }),
    ).not.toBeInTheDocument();
  });

  it('opens the trader data JSON', async () => {
    mockDashboard();
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'View JSON' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trader Data JSON' });
    expect(within(dialog).getByRole('button', { name: 'Copy to Clipboard' })).toBeVisible();
  });

  it('shows the spec error for an unknown trader, and Try Again asks again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/whats-new': () => errorResponse(500, 'no'),
      'GET /api/traders/details/TR999999': () => {
        calls += 1;
        return jsonResponse(
          { error: { code: 'NOT_FOUND', message: 'Trader TR999999 not found' } },
          404,
        );
      },
    });
    renderApp('/traders/trader-dashboard/TR999999');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('Error loading trader data: Trader TR999999 not found');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls).toBe(2));
  });
});
