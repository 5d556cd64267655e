import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayoutRecord } from '@shared/payouts/payout';
import { errorResponse, jsonResponse, mockApi, type RecordedCall } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { accountPayouts, eligibleFor, payout } from './payout-fixtures';

const queueUrl = (status: string) => `GET /api/payouts?status=${status}&limit=200`;

function staffApi(
  queues: Partial<Record<string, PayoutRecord[]>>,
  more: Record<string, (call: RecordedCall) => Response> = {},
) {
  const routes: Record<string, (call: RecordedCall) => Response> = {
    'GET /api/accounts/FUND50K-0001/verdict': () => errorResponse(404, 'No judged day yet'),
    'GET /api/accounts/FUND50K-0001/payouts': () =>
      jsonResponse(accountPayouts(eligibleFor(1_000), [])),
    ...more,
  };
  for (const [status, rows] of Object.entries(queues)) {
    routes[queueUrl(status)] = () => jsonResponse({ payouts: rows });
  }
  return mockApi(routes);
}

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

async function openPage(path = '/payouts') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Payouts', level: 1 });
  return { ...app, user: userEvent.setup() };
}

/** Opens a payout from the queue and the dialog of one of its decisions. */
async function openDecision(user: ReturnType<typeof userEvent.setup>, button: string) {
  await user.click(await screen.findByRole('button', { name: 'Open the payout of FUND50K-0001' }));
  const panel = await screen.findByRole('region', { name: 'Payout of FUND50K-0001' });
  await user.click(await within(panel).findByRole('button', { name: button }));
  return screen.findByRole('alertdialog');
}

describe("the staff's Payouts screen", () => {
  it('lists the requests by default and keeps the chosen status in the URL', async () => {
    const calls = staffApi({
      requested: [payout()],
      approved: [payout({ payoutId: 'PO-2', status: 'approved', approvedAmount: 800 })],
    });
    const { user, router } = await openPage();

    const table = await screen.findByRole('table', { name: 'Requested payouts' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('FUND50K-0001');
    expect(row).toHaveTextContent('TR000001');
    expect(row).toHaveTextContent('$1,000.00');
    expect(within(row).getByText('Requested')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Requested' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved'));
    const approved = await screen.findByRole('table', { name: 'Approved payouts' });
    expect(approved).toHaveTextContent('$800.00');
    expect(calls.map((call) => call.url)).toContain('/api/payouts?status=approved&limit=200');

    await user.click(screen.getByRole('tab', { name: 'Requested' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads a long queue a page at a time after the cursor, on Load more', async () => {
    const calls = mockApi({
      [queueUrl('requested')]: () =>
        jsonResponse({ payouts: [payout()], nextCursor: 'after-first' }),
      [`${queueUrl('requested')}&cursor=after-first`]: () =>
        jsonResponse({
          payouts: [payout({ payoutId: 'PO-9', accountId: 'FUND50K-0009', requestedAmount: 900 })],
        }),
    });
    const { user } = await openPage();
    const table = await screen.findByRole('table', { name: 'Requested payouts' });
    expect(table).not.toHaveTextContent('FUND50K-0009');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(table).toHaveTextContent('FUND50K-0009'));
    expect(table).toHaveTextContent('FUND50K-0001');
    expect(calls.map((call) => call.url)).toContain(
      '/api/payouts?status=requested&limit=200&cursor=after-first',
    );
    // The last page says so: no more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens on the status the URL names, with an empty state', async () => {
    staffApi({ paid: [] });
    await openPage('/payouts?status=paid');
    expect(screen.getByRole('tab', { name: 'Paid' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No paid payouts')).toBeVisible();
  });

  it('approves a smaller amount, never more than requested', async () => {
    const calls = staffApi(
      { requested: [payout()] },
      {
        'GET /api/payouts/PO-1': () =>
          jsonResponse({ payout: payout(), eligibility: eligibleFor(1_000) }),
        'POST /api/payouts/PO-1/approve': () =>
          jsonResponse(payout({ status: 'approved', approvedAmount: 800, version: 2 })),
      },
    );
    const { user } = await openPage();
    const dialog = await openDecision(user, 'Approve');
    expect(dialog).toHaveAccessibleName('Approve the payout?');

    const amount = within(dialog).getByLabelText('Approved amount (USD)');
    expect(amount).toHaveValue(1000);
    await user.clear(amount);
    await user.type(amount, '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('amount cannot be more than the requested $1,000.00'),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '800');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Buffer kept');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { amount: 800, note: 'Buffer kept' },
    ]);
  });

  it('approves the requested amount without naming it', async () => {
    const calls = staffApi(
      { requested: [payout()] },
      {
        'GET /api/payouts/PO-1': () =>
          jsonResponse({ payout: payout(), eligibility: eligibleFor(1_000) }),
        'POST /api/payouts/PO-1/approve': () =>
          jsonResponse(payout({ status: 'approved', approvedAmount: 1000, version: 2 })),
      },
    );
    const { user } = await openPage();
    const dialog = await openDecision(user, 'Approve');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});
  });

  it('rejects only with a reason, saying whether the profit is forfeited', async () => {
    const calls = staffApi(
      { requested: [payout()] },
      {
        'GET /api/payouts/PO-1': () =>
          jsonResponse({ payout: payout(), eligibility: eligibleFor(1_000) }),
        'POST /api/payouts/PO-1/reject': () =>
          jsonResponse(
            payout({
              status: 'rejected',
              rejection: { reason: 'Copy trading', profitForfeited: true },
              version: 2,
            }),
          ),
      },
    );
    const { user } = await openPage();
    const dialog = await openDecision(user, 'Reject');

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Copy trading');
    // A plain click: the checkbox's blur handler needs PointerEvent, which jsdom lacks.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Profit is forfeited' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Copy trading',
      profitForfeited: true,
    });
  });

  it('marks an approved payout paid with its method, reference and date', async () => {
    const approved = payout({ status: 'approved', approvedAmount: 800, version: 2 });
    const calls = staffApi(
      { approved: [approved] },
      {
        'GET /api/payouts/PO-1': () =>
          jsonResponse({ payout: approved, eligibility: eligibleFor(1_000) }),
        'POST /api/payouts/PO-1/pay': () =>
          jsonResponse({
            ...approved,
            status: 'paid',
            payment: { method: 'wire', reference: 'W-778', date: '20261126' },
            version: 3,
          }),
      },
    );
    const { user } = await openPage('/payouts?status=approved');
    const dialog = await openDecision(user, 'Mark paid');
    expect(dialog).toHaveTextContent('$800.00');

    const date = within(dialog).getByLabelText('Date paid');
    expect((date as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('Please choose how it was paid')).toBeVisible();
    expect(within(dialog).getByText('Please give the payment reference')).toBeVisible();
    expect(within(dialog).getByText('Please give the date it was paid')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Method'), 'Wire transfer');
    await user.type(within(dialog).getByLabelText('Reference'), 'W-778');
    await user.type(date, '2026-11-26');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      method: 'wire',
      reference: 'W-778',
      date: '20261126',
    });
  });

  it("shows the server's message when someone else moved the payout, and reads the row again", async () => {
    let current = payout();
    const calls = staffApi(
      {},
      {
        [queueUrl('requested')]: () => jsonResponse({ payouts: [current] }),
        'GET /api/payouts/PO-1': () =>
          jsonResponse({ payout: current, eligibility: eligibleFor(1_000) }),
        'POST /api/payouts/PO-1/approve': () => {
          current = payout({ status: 'rejected', version: 2 });
          return jsonResponse(
            { error: { code: 'CONFLICT', message: 'Payout PO-1 is rejected, not requested' } },
            409,
          );
        },
      },
    );
    const { user } = await openPage();
    const dialog = await openDecision(user, 'Approve');
    const queueReads = () =>
      calls.filter((call) => call.url === '/api/payouts?status=requested&limit=200');
    const before = queueReads().length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Payout PO-1 is rejected, not requested')).toBeVisible();
    await waitFor(() => expect(queueReads().length).toBeGreaterThan(before));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const panel = screen.getByRole('region', { name: 'Payout of FUND50K-0001' });
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull(),
    );
  });
});
