import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditPrice, signedQuantity } from '@/components/account-audit-trail/audit-figures';
import { accountsOverview } from '@/features/accounts/account-list';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import type { AccountListItem } from '@shared/accounts/account';
import { accountRows, accountsPageOf, auditRecord, listItem } from './account-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

/**
 * The API with `GET /api/accounts` answered as the server would over `rows` (any query, pages of
 * `pageSize`), the overview of every row, and the `extra` routes.
 */
function mockAccounts(
  extra: Record<string, () => Response> = {},
  rows: readonly AccountListItem[] = accountRows,
  pageSize = 200,
) {
  const calls = mockApi({
    'GET /api/accounts/overview': () => jsonResponse(accountsOverview(rows)),
    'GET /api/whats-new': () => errorResponse(500, 'no'),
    ...extra,
  });
  const routed = globalThis.fetch;
  Object.assign(globalThis, {
    fetch: (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if ((init.method ?? 'GET') !== 'GET' || !/^\/api\/accounts(\?|$)/.test(url)) {
        return routed(input, init);
      }
      calls.push({ url, method: 'GET', headers: {}, body: undefined });
      return Promise.resolve(jsonResponse(accountsPageOf(rows, url, pageSize)));
    },
  });
  return calls;
}

/** The files the screen downloads, kept instead of saved; `click.mockRestore()` when done. */
function captureDownloads() {
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:accounts';
    }),
    revokeObjectURL: jest.fn(),
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { blobs, click };
}

function blobText(blob: Blob): Promise<string> {
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

async function openAccounts(path = '/accounts') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'All Accounts' }, { timeout: 20_000 });
  await screen.findByRole('table', { name: 'Evaluation Phase – Active' });
  return { ...app, user: userEvent.setup() };
}

describe('All Accounts', () => {
  it('sums signed balances and counts closed and failed accounts with rounded shares', () => {
    const overview = accountsOverview(accountRows);

    expect(overview.totalBalance).toBe(198_380.25);
    expect(overview).toMatchObject({ total: 4, active: 2, closed: 2, failed: 1 });
    expect(overview.distribution.map((share) => share.percent)).toEqual([50, 25, 25]);
  });

  it('groups by phase in order, hides empty phases and starts Inactive and Admin Only collapsed', async () => {
    mockAccounts();
    await openAccounts();

    const phases = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(phases.filter((text) => /Phase/.test(text ?? ''))).toEqual([
      expect.stringContaining('Evaluation Phase'),
      expect.stringContaining('Sim Funded Phase'),
    ]);
    expect(screen.queryByText(/Live Funded Phase/)).not.toBeInTheDocument();
    const active = screen.getByRole('table', { name: 'Evaluation Phase – Active' });
    expect(within(active).getAllByRole('row')).toHaveLength(3);
    expect(within(active).getByRole('link', { name: 'EVAL50-1001' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-1001',
    );
    expect(
      screen.queryByRole('table', { name: 'Evaluation Phase – Inactive' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Account Audit Trail/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByLabelText('Total portfolio balance')).toHaveTextContent('$198,380.25');
  });

  it('searches id, name and trader email without regard to case, keeps it in the URL, and clears it', async () => {
    mockAccounts();
    const { user, router } = await openAccounts();

    await user.type(screen.getByLabelText('Search accounts'), 'EXAMPLE.COM');
    await waitFor(() => expect(screen.getByLabelText('Total Accounts')).toHaveTextContent('4'));
    await user.clear(screen.getByLabelText('Search accounts'));
    await user.type(screen.getByLabelText('Search accounts'), 'dan@');

    await waitFor(() => expect(screen.getByLabelText('Total Accounts')).toHaveTextContent('1'));
    expect(router.state.location.search).toBe('?q=dan%40');
    expect(
      screen.queryByRole('table', { name: 'Evaluation Phase – Active' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(screen.getByLabelText('Total Accounts')).toHaveTextContent('4'));
    expect(screen.getByLabelText('Search accounts')).toHaveValue('');
  });

  it('opens the sub-section of ?accountId and highlights its row', async () => {
    mockAccounts({
      'GET /api/audit-trail?accountNumber=EVAL50-1003&page=1&pageSize=25': () =>
        jsonResponse({ data: [], meta: { total: 0, page: 1, totalPages: 0 } }),
    });
    renderApp('/accounts?accountId=EVAL50-1003');

    const inactive = await screen.findByRole(
      'table',
      { name: 'Evaluation Phase – Inactive' },
      { timeout: 20_000 },
    );
    const row = within(inactive).getByRole('link', { name: 'EVAL50-1003' }).closest('tr');
    expect(row).toHaveAttribute('aria-current', 'true');
  });

  it('shows an account audit trail with signed quantities and the price fallback, or the empty text', async () => {
    mockAccounts({
      'GET /api/audit-trail?accountNumber=EVAL50-1001&page=1&pageSize=25': () =>
        jsonResponse({
          data: [
            auditRecord(),
            auditRecord({
              serverTransactionNumber: 'T-2',
              buySellIndicator: 'S',
              fillPrice: undefined,
              action: 'NEW',
            }),
          ],
          meta: { total: 2, page: 1, totalPages: 1 },
        }),
      'GET /api/audit-trail?accountNumber=EVAL50-1002&page=1&pageSize=25': () =>
        jsonResponse({ data: [], meta: { total: 0, page: 1, totalPages: 0 } }),
    });
    const { user } = await openAccounts();
    await user.click(screen.getByRole('button', { name: /Account Audit Trail/ }));
    expect(
      screen.getByText('No audit trail data available. Select an account to view its audit trail.'),
    ).toBeVisible();

    await user.type(screen.getByPlaceholderText('Type or pick an account ID'), 'EVAL50-1001');
    await user.click(screen.getByRole('button', { name: 'Show Audit Trail' }));

    const table = await screen.findByRole('table', { name: 'Audit trail of EVAL50-1001' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('03/02/20268:31:05 AM CSTFILLESH6+25,012.25LMTFILLEDCME');
    expect(second).toHaveTextContent('-25,012');

    await user.clear(screen.getByPlaceholderText('Type or pick an account ID'));
    await user.type(screen.getByPlaceholderText('Type or pick an account ID'), 'EVAL50-1002');
    await user.click(screen.getByRole('button', { name: 'Show Audit Trail' }));
    expect(
      await screen.findByText(
        'No audit trail data available. Select an account to view its audit trail.',
      ),
    ).toBeVisible();
  });

  it('orders the audit trail by the real moment and reads the account picker in any case', async () => {
    const calls = mockAccounts({
      'GET /api/audit-trail?accountNumber=EVAL50-1001&page=1&pageSize=25': () =>
        jsonResponse({
          data: [
            // Trading day 11/24 opens on 11/23 at 17:00 CT: its evening event is the older one.
            auditRecord({
              serverProcessDate: '20261124',
              serverTimestamp: '2026-11-24T00:18:00.000-06:00',
              serverTransactionNumber: 'T-3',
              action: 'NEW',
            }),
            auditRecord({
              serverProcessDate: '20261124',
              serverTimestamp: '2026-11-23T21:28:00.000-06:00',
              serverTransactionNumber: 'T-2',
              action: 'CANCEL',
            }),
            // A broker's transaction numbers need not follow the clock.
            auditRecord({
              serverProcessDate: '20261124',
              serverTimestamp: '2026-11-24T09:30:00.000-06:00',
              serverTransactionNumber: 'T-1',
              action: 'FILL',
            }),
          ],
          meta: { total: 3, page: 1, totalPages: 1 },
        }),
    });
    const { user } = await openAccounts();
    await user.click(screen.getByRole('button', { name: /Account Audit Trail/ }));

    await user.type(screen.getByPlaceholderText('Type or pick an account ID'), 'eval50-1001');
    await user.click(screen.getByRole('button', { name: 'Show Audit Trail' }));

    const table = await screen.findByRole('table', { name: 'Audit trail of EVAL50-1001' });
    expect(calls.some((call) => call.url.includes('accountNumber=EVAL50-1001'))).toBe(true);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => /^\S+ [AP]M C[SD]T/.exec(row.textContent ?? '')?.[0])).toEqual([
      '11/24/20269:30:00 AM CST',
      '11/24/202612:18:00 AM CST',
      '11/23/20269:28:00 PM CST',
    ]);
  });

  it('formats quantities and prices as the spec says', () => {
    expect(signedQuantity({ quantity: 3, buySellIndicator: 'B' })).toBe('+3');
    expect(signedQuantity({ quantity: 3, buySellIndicator: 'S' })).toBe('-3');
    expect(auditPrice({ fillPrice: undefined, limitPrice: undefined })).toBe('-');
    expect(auditPrice({ fillPrice: undefined, limitPrice: 10.5 })).toBe('10.5');
  });

  it('says what failed when the accounts cannot be read, and tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/accounts': () =>
        ++calls === 1
          ? errorResponse(500, 'boom')
          : jsonResponse(accountsPageOf(accountRows, '/api/accounts')),
      'GET /api/accounts/overview': () => jsonResponse(accountsOverview(accountRows)),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    renderApp('/accounts');
    expect(
      await screen.findByText('Failed to fetch accounts or traders', {}, { timeout: 20_000 }),
    ).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Evaluation Phase – Active' })).toBeVisible();
  });

  it('shows the judged status, a never-synced balance as the starting balance (stated in the total) and exports CSV', async () => {
    mockAccounts({}, [
      listItem(),
      listItem({ accountId: 'EVAL50-1002', name: 'Bob Busted', status: 'failed' }),
      listItem({
        accountId: 'EVAL50-1004',
        name: 'Dan Never',
        rithmicStatus: 'Inactive',
        summary: { balance: 50_000, equity: 50_000 },
        balanceSource: 'starting',
      }),
    ]);
    const { blobs, click } = captureDownloads();
    const { user } = await openAccounts();

    const active = screen.getByRole('table', { name: 'Evaluation Phase – Active' });
    expect(within(active).getByRole('columnheader', { name: 'Status' })).toBeVisible();
    const busted = within(active).getByRole('row', { name: /EVAL50-1002/ });
    expect(within(busted).getByText('failed')).toBeVisible();
    expect(screen.getByText('Includes 1 starting balance of accounts never synced')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: /Inactive/ })[0]!);
    const inactive = await screen.findByRole('table', { name: 'Evaluation Phase – Inactive' });
    expect(within(inactive).getByRole('row', { name: /EVAL50-1004/ })).toHaveTextContent(
      '$50,000.00 (starting)',
    );

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    const text = await blobText(blobs[0]!);
    expect(text.split('\r\n').slice(0, 4)).toEqual([
      'Account ID,Name,Program,Phase Type,Status,Broker Status,Balance (USD),Balance Source,Room to Breach (USD),Room to Breach (share),Tightest Limit,Held Since,Trader Email',
      'EVAL50-1001,Alice Evaluation,Evaluation 50K,evaluation,active,Active,51000.00,synced,,,,,alice@example.com',
      'EVAL50-1002,Bob Busted,Evaluation 50K,evaluation,failed,Active,51000.00,synced,,,,,alice@example.com',
      'EVAL50-1004,Dan Never,Evaluation 50K,evaluation,active,Inactive,50000.00,starting balance,,,,,alice@example.com',
    ]);
    click.mockRestore();
  });

  it('shows the room to breach, sorts closest to breach first, and filters by status in the URL', async () => {
    const calls = mockAccounts({}, [
      listItem({
        accountId: 'EVAL50-1001',
        room: { drawdown: { room: 1_900, share: 0.76 }, dailyLoss: { room: 250, share: 0.25 } },
      }),
      listItem({
        accountId: 'EVAL50-1002',
        name: 'Bob Busted',
        status: 'failed',
      }),
      listItem({
        accountId: 'EVAL50-1003',
        name: 'Carol Close',
        room: { drawdown: { room: 100, share: 0.04 }, dailyLoss: null },
      }),
      listItem({
        accountId: 'EVAL50-1005',
        name: 'Eve Held',
        heldSince: '20260302',
      }),
      listItem({
        accountId: 'EVAL50-1006',
        name: 'Fay Far',
        room: { drawdown: { room: 2_500, share: 1 }, dailyLoss: null },
      }),
    ]);
    const { user, router } = await openAccounts();
    const table = () => screen.getByRole('table', { name: 'Evaluation Phase – Active' });
    const ids = () =>
      within(table())
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

    // The tightest room: daily loss $250.00 (25%) beats the drawdown's 76%.
    const alice = within(table()).getByRole('row', { name: /EVAL50-1001/ });
    expect(alice).toHaveTextContent('$250.00 25.0% daily loss');
    expect(within(alice).getByTitle(/Drawdown: \$1,900.00 \(76.0%\) left/)).toBeVisible();
    expect(within(table()).getByRole('row', { name: /EVAL50-1002/ })).toHaveTextContent(
      'failed$51,000.00-',
    );
    const held = within(table()).getByRole('row', { name: /EVAL50-1005/ });
    expect(within(held).getByText('held')).toHaveAttribute(
      'title',
      expect.stringContaining('03/02/2026'),
    );

    await user.click(screen.getByRole('button', { name: 'Closest to breach first' }));
    await waitFor(() =>
      expect(ids()).toEqual([
        'EVAL50-1003',
        'EVAL50-1001',
        'EVAL50-1006',
        'EVAL50-1002',
        'EVAL50-1005',
      ]),
    );
    expect(router.state.location.search).toBe('?sort=room');
    // The server orders: the screen asks for the room order.
    expect(calls.some((call) => call.url === '/api/accounts?sort=room')).toBe(true);
    expect(screen.getByRole('button', { name: 'Closest to breach first' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(table()).getByRole('columnheader', { name: 'Room to Breach' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'held');
    await waitFor(() => expect(ids()).toEqual(['EVAL50-1005']));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('held');
    expect(calls.some((call) => call.url === '/api/accounts?status=held&sort=room')).toBe(true);
    expect(screen.getByLabelText('Total Accounts')).toHaveTextContent('1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');
    // A held breach keeps its account out of the active ones.
    await waitFor(() => expect(ids()).toEqual(['EVAL50-1003', 'EVAL50-1001', 'EVAL50-1006']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'passed');
    expect(await screen.findByText('No passed account.')).toBeVisible();
  });

  it('opens with the status filter of a link', async () => {
    mockAccounts();
    renderApp('/accounts?status=failed');
    const table = await screen.findByRole(
      'table',
      { name: 'Evaluation Phase – Active' },
      { timeout: 20_000 },
    );
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('row', { name: /EVAL50-1002/ })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('failed');
  });

  it('reads further pages with Load more, counts every account from the overview, and exports every page', async () => {
    const rows = Array.from({ length: 5 }, (_, index) =>
      listItem({ accountId: `EVAL50-20${index}`, name: `Trader ${index}` }),
    );
    const calls = mockAccounts({}, rows, 2);
    const { blobs, click } = captureDownloads();
    const { user } = await openAccounts();
    const table = () => screen.getByRole('table', { name: 'Evaluation Phase – Active' });

    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    // The overview counts every account, not the page read.
    expect(screen.getByLabelText('Total Accounts')).toHaveTextContent('5');
    expect(screen.getByText('Showing 2 accounts')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(5));
    expect(calls.some((call) => call.url === '/api/accounts?cursor=2')).toBe(true);

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await blobText(blobs[0]!);
    expect(text.split('\r\n').slice(1).filter(Boolean)).toHaveLength(5);
    expect(calls.some((call) => call.url === '/api/accounts?cursor=4')).toBe(true);
    click.mockRestore();
  });
});
