import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { jsonResponse, errorResponse, mockApi, type RecordedCall } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

const record = (index: number): AuditTrailRecord => ({
  serverProcessDate: '20260302',
  serverTimestamp: `2026-03-02T14:30:${String(index).padStart(2, '0')}.000-06:00`,
  accountNumber: `ACC-${index}`,
  firmUserId: 'USER-1',
  instrument: 'ESH6',
  action: 'FILL',
  status: 'FILLED',
  quantity: 2,
  buySellIndicator: 'B',
  limitPrice: 5012.25,
  fillPrice: 5012.5,
  positionDisposition: 'OPEN',
  orderNumber: `ORD-${index}`,
  orderType: 'LIMIT',
  serverTransactionNumber: `T${index}`,
  message: `Filled order ${index}`,
  exchange: 'CME',
});

const stats = {
  data: {
    totalRecords: 1234,
    dateRange: { start: '20260302', end: '20260304' },
    accounts: 12,
    instruments: 3,
    actions: [
      { _id: 'FILL', count: 700 },
      { _id: 'NEW', count: 534 },
    ],
  },
};

type ListAnswer = (query: URLSearchParams) => Response;

/** Routes by path, so each test answers the list call whatever its query string. */
function mockAudit(list: ListAnswer, extra: Record<string, (call: RecordedCall) => Response> = {}) {
  const handlers = new Proxy(
    {},
    {
      get: (_target, key: string) => {
        const [method, url] = key.split(' ') as [string, string];
        const { pathname, searchParams } = new URL(url, 'http://localhost');
        const route = `${method} ${pathname}`;
        if (extra[route]) return extra[route];
        if (route === 'GET /api/audit-trail/stats') return () => jsonResponse(stats);
        if (route === 'GET /api/audit-trail/operations') return () => jsonResponse({ data: [] });
        if (route === 'GET /api/audit-trail') return () => list(searchParams);
        return undefined;
      },
    },
  );
  return mockApi(handlers);
}

const page = (rows: AuditTrailRecord[], meta: Record<string, unknown>) =>
  jsonResponse({ data: rows, meta: { page: 1, ...meta } });

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/audit-trail?'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);

// A busy two-core machine renders this wide screen slowly; the tests wait on behaviour, not time.

beforeEach(() => {
  signInAs();
  // What's New opens over every screen unless seen; these tests are about this one.
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

/** The screen loads lazily, which a busy machine can make slow: wait for it once, generously. */
async function openAudit(path: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Audit Trail' }, { timeout: 20_000 });
  return app;
}
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('Audit Trail page', () => {
  it('shows the overview, the 16 columns, the rows and the debug line of the last request', async () => {
    mockAudit(() => page([record(1), record(2)], { total: 2, totalPages: 1 }));

    await openAudit('/audit');

    const table = await screen.findByRole('table', { name: 'Audit trail records' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
      .filter(Boolean);
    expect(headers).toEqual([
      'Details',
      'Process Date',
      'Time',
      'Account',
      'Firm User',
      'Instrument',
      'Action',
      'Status',
      'Qty',
      'B/S',
      'Limit',
      'Stop',
      'Fill',
      'Order #',
      'Order Type',
      'Txn #',
      'Exchange',
    ]);
    expect(within(table).getAllByText('03/02/2026')).toHaveLength(2);
    expect(within(table).getByText('2:30:01.000 PM CST')).toBeInTheDocument();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('03/02/2026 – 03/04/2026')).toBeInTheDocument();
    expect(screen.getByTestId('audit-debug')).toHaveTextContent(
      'GET /api/audit-trail?page=1&pageSize=50&sort=serverProcessDate&sortDirection=desc · status 200',
    );
  });

  it('shows a row’s message and position disposition in its detail', async () => {
    mockAudit(() => page([record(1)], { total: 1, totalPages: 1 }));
    await openAudit('/audit');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Show details' }));

    expect(screen.getByText('Filled order 1')).toBeInTheDocument();
    expect(screen.getByText('OPEN')).toBeInTheDocument();
  });

  it('sends trimmed filters and goes back to page 1 when they change', async () => {
    const calls = mockAudit(() => page([record(1)], { total: 1, totalPages: 1 }));
    const { router } = await openAudit('/audit?page=3&pageSize=100');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Audit trail records' });

    await user.type(screen.getByLabelText('Instrument'), '  NQH6 ');
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-03-02' } });
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?instrument=NQH6&startDate=20260302&pageSize=100'),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('instrument')).toBe('NQH6'));
    const last = listCalls(calls).at(-1) as URLSearchParams;
    expect(last.get('page')).toBe('1');
    expect(last.get('startDate')).toBe('20260302');
  });

  it('keeps the filters when the page size changes, and goes back to page 1', async () => {
    mockAudit(() => page([record(1)], { total: 1, totalPages: 1 }));
    const { router } = await openAudit('/audit?page=2');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Audit trail records' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'FILL');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=FILL'));
    await user.selectOptions(screen.getByLabelText('Page size'), '25');

    await waitFor(() => expect(router.state.location.search).toBe('?action=FILL&pageSize=25'));
  });

  it('shows the filters of a URL reached from elsewhere, such as Back', async () => {
    mockAudit(() => page([record(1)], { total: 1, totalPages: 1 }));
    const { router } = await openAudit('/audit?instrument=ESH6');
    await screen.findByRole('table', { name: 'Audit trail records' });
    expect(screen.getByRole('textbox', { name: 'Instrument' })).toHaveValue('ESH6');

    await act(() => router.navigate('/audit?instrument=NQH6&status=FILLED'));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Instrument' })).toHaveValue('NQH6'),
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('FILLED');
  });

  it('picks dates with date pickers, keeps them YYYYMMDD in the URL and refuses an end before the start', async () => {
    const calls = mockAudit(() => page([record(1)], { total: 1, totalPages: 1 }));
    const { router } = await openAudit('/audit?startDate=20260305&endDate=not-a-day');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Audit trail records' });
    const start = screen.getByLabelText('Start Date');
    const end = screen.getByLabelText('End Date');
    expect(start).toHaveAttribute('type', 'date');
    expect(end).toHaveAttribute('type', 'date');
    // A link's date is shown in the picker; one that is not a day is dropped, not sent.
    expect(start).toHaveValue('2026-03-05');
    expect(end).toHaveValue('');
    expect(listCalls(calls).at(-1)?.get('endDate')).toBeNull();
    expect(end).toHaveAttribute('min', '2026-03-05');

    fireEvent.change(end, { target: { value: '2026-03-02' } });
    expect(screen.getByText('End Date must not be before Start Date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply Filters' })).toBeDisabled();

    fireEvent.change(end, { target: { value: '2026-03-09' } });
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?startDate=20260305&endDate=20260309'),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('endDate')).toBe('20260309'));
  });

  it("offers the actions the collection holds beside the spec's", async () => {
    mockAudit(() => page([record(1)], { total: 1, totalPages: 1 }), {
      'GET /api/audit-trail/stats': () =>
        jsonResponse({
          data: { ...stats.data, actions: [...stats.data.actions, { _id: 'EXPIRE', count: 3 }] },
        }),
    });
    await openAudit('/audit');
    await screen.findByRole('table', { name: 'Audit trail records' });
    const action = screen.getByRole('combobox', { name: 'Action' });
    await waitFor(() =>
      expect(
        within(action)
          .getAllByRole('option')
          .map((option) => option.getAttribute('value')),
      ).toEqual(['', 'NEW', 'FILL', 'CANCEL', 'REPLACE', 'EXPIRE']),
    );
  });

  it('pages with Next (resuming from the cursor) and Prev, and sorts by a sortable column', async () => {
    const calls = mockAudit((query) =>
      page([record(Number(query.get('page')))], {
        page: Number(query.get('page')),
        total: 120,
        totalPages: 3,
        nextCursor: `cursor-after-${query.get('page')}`,
      }),
    );
    const { router } = await openAudit('/audit');
    const user = userEvent.setup();
    await screen.findByText('120 records · page 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('120 records · page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await screen.findByText('120 records · page 1 of 3');
    await user.click(screen.getByRole('button', { name: /Txn #/ }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?sort=-serverTransactionNumber'),
    );
    const pages = listCalls(calls);
    expect(pages[1]?.get('page')).toBe('2');
    expect(pages[1]?.get('cursor')).toBe('cursor-after-1');
    expect(pages.at(-1)?.get('sort')).toBe('serverTransactionNumber');
    expect(pages.at(-1)?.get('sortDirection')).toBe('desc');
  });

  it('says when no record matches, and the spec’s error with Try Again', async () => {
    let fail = false;
    mockAudit(() => (fail ? errorResponse(500, 'boom') : page([], { total: 0, totalPages: 0 })));
    await openAudit('/audit?instrument=ZZZ');

    expect(await screen.findByText('No records match your filters.')).toBeInTheDocument();

    fail = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.queryByText('Failed to load audit trail. Check console/network.')).toBeNull();
  });

  it('shows the load error with Try Again', async () => {
    let fail = true;
    mockAudit(() =>
      fail ? errorResponse(500, 'boom') : page([record(1)], { total: 1, totalPages: 1 }),
    );
    await openAudit('/audit');
    const user = userEvent.setup();

    expect(
      await screen.findByText('Failed to load audit trail. Check console/network.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('audit-debug')).toHaveTextContent('status 500');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('table', { name: 'Audit trail records' })).toBeInTheDocument();
  });

  it('bulk-deletes the filtered records only on a second click while armed', async () => {
    const deletes: RecordedCall[] = [];
    mockAudit(() => page([record(1)], { total: 40, totalPages: 1 }), {
      'DELETE /api/audit-trail': (call) => {
        deletes.push(call);
        return jsonResponse({ deleted: 40, operationId: 'op-1' });
      },
    });
    await openAudit('/audit?startDate=20260302&endDate=20260302');
    const user = userEvent.setup();
    await screen.findByText('40 records · page 1 of 1');

    await user.click(screen.getByRole('button', { name: 'Delete Matching Records' }));
    expect(deletes).toHaveLength(0);
    await user.click(
      screen.getByRole('button', { name: /Click again to delete 40 matching records/ }),
    );

    await waitFor(() => expect(deletes).toHaveLength(1));
    const query = new URL(deletes[0]!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      startDate: '20260302',
      endDate: '20260302',
      confirm: 'true',
    });
    expect(await screen.findByText('Deleted 40 audit records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Matching Records' })).toBeInTheDocument();
  });

  it('disarms the bulk delete after 5 seconds and offers none without a filter', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      mockAudit(() => page([record(1)], { total: 1, totalPages: 1 }));
      const { router } = await openAudit('/audit?action=FILL');
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await screen.findByText('1 records · page 1 of 1');

      await user.click(screen.getByRole('button', { name: 'Delete Matching Records' }));
      expect(screen.getByRole('button', { name: /Click again/ })).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(5_000);
      });

      expect(screen.getByRole('button', { name: 'Delete Matching Records' })).toBeInTheDocument();
      await act(() => router.navigate('/audit'));
      expect(screen.getByRole('button', { name: 'Delete Matching Records' })).toBeDisabled();
      expect(
        screen.getByText('Set a filter or a date range to delete records.'),
      ).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('disarms the bulk delete when the filters change', async () => {
    const deletes: RecordedCall[] = [];
    mockAudit(
      (query) =>
        query.get('instrument') === 'NQH6'
          ? page([record(2)], { total: 7, totalPages: 1 })
          : page([record(1)], { total: 40, totalPages: 1 }),
      {
        'DELETE /api/audit-trail': (call) => {
          deletes.push(call);
          return jsonResponse({ deleted: 7, operationId: 'op-2' });
        },
      },
    );
    const { router } = await openAudit('/audit?instrument=ESH6');
    const user = userEvent.setup();
    await screen.findByText('40 records · page 1 of 1');
    await user.click(screen.getByRole('button', { name: 'Delete Matching Records' }));
    expect(screen.getByRole('button', { name: /Click again to delete 40/ })).toBeInTheDocument();

    const instrument = screen.getByRole('textbox', { name: 'Instrument' });
    await user.clear(instrument);
    await user.type(instrument, 'NQH6');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?instrument=NQH6'));

    // The same button is the first step again: one click arms it for the new filter, deletes nothing.
    await user.click(screen.getByRole('button', { name: 'Delete Matching Records' }));
    expect(deletes).toHaveLength(0);
    expect(
      await screen.findByRole('button', { name: /Click again to delete 7 matching records/ }),
    ).toBeInTheDocument();
  });

  it('says a page past the end is past the end, and offers the last page', async () => {
    mockAudit((query) =>
      query.get('page') === '999'
        ? jsonResponse({ data: [], meta: { page: 999, total: 6861, totalPages: 138 } })
        : page([record(1)], { total: 6861, totalPages: 138 }),
    );
    const { router } = await openAudit('/audit?page=999');

    expect(await screen.findByText('Page 999 is past the end')).toBeInTheDocument();
    expect(screen.getByText('6,861 records fill 138 pages.')).toBeInTheDocument();
    expect(screen.queryByText('No records match your filters.')).toBeNull();
    expect(screen.getByText('6,861 records')).toBeInTheDocument();
    expect(screen.queryByText(/page 999 of 138/)).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to page 138' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=138'));
  });

  it("offers the spec's actions and statuses, and reads a lower-case one from a link", async () => {
    const calls = mockAudit(() => page([record(1)], { total: 1, totalPages: 1 }));
    const { router } = await openAudit('/audit?status=filled');
    await screen.findByRole('table', { name: 'Audit trail records' });

    const action = screen.getByRole('combobox', { name: 'Action' });
    const options = within(action)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options).toEqual(['', 'NEW', 'FILL', 'CANCEL', 'REPLACE']);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'FILLED', 'REJECTED', 'CANCELLED']);
    expect(status).toHaveValue('FILLED');
    expect(listCalls(calls).at(-1)?.get('status')).toBe('FILLED');

    await userEvent.setup().selectOptions(action, 'CANCEL');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=CANCEL&status=FILLED'));
  });
});
