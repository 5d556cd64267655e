import '../../support/router-polyfills';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { DateVoid, HeldBreach } from '@shared/sync/held-breaches';
import { AppProviders } from '@/app/providers';
import { RunQualitySection } from '@/features/sync/components/run-quality-section';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { jobRoutes } from '../../support/jobs';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

const HOLDS = 'GET /api/sync/held-breaches?state=held';
const VOIDS = 'GET /api/sync/voids';

const hold = (overrides: Partial<HeldBreach> = {}): HeldBreach => ({
  accountId: 'DEMO50K-0007',
  date: '20261125',
  traderId: 'T-7',
  failures: [
    {
      check: 'balance-continuity',
      message:
        'AcctBal 52250.50 is not AcctBal 50000.00 of 20261124 + NetPnl 250.50 = 50250.50: off by 2000.00 (tolerance 0.06)',
      figures: { difference: 2000 },
    },
  ],
  decidedStatus: 'failed',
  previousStatus: 'active',
  state: 'held',
  heldAt: '2026-11-25T23:00:00.000Z',
  ...overrides,
});

const voided: DateVoid = {
  accountId: 'DEMO50K-0003',
  date: '20261124',
  voidedBy: 'admin@example.com',
  voidedAt: '2026-11-26T01:00:00.000Z',
  reason: 'Broker resent the file',
  AcctBal: 50_125.5,
  NetPnl: -210,
};

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

async function openPage() {
  const app = renderApp('/sync/held-breaches');
  await screen.findByRole('heading', { name: 'Held Breaches' });
  return { ...app, user: userEvent.setup() };
}

describe('Held Breaches screen', () => {
  it('lists each hold with the account, date, failed check and its numbers, and the voids', async () => {
    mockApi({
      [HOLDS]: () => jsonResponse({ data: [hold()] }),
      [VOIDS]: () => jsonResponse({ data: [voided] }),
    });
    await openPage();

    const table = await screen.findByRole('table', { name: 'Held breaches' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'DEMO50K-0007' })).toHaveAttribute(
      'href',
      '/performance/daily/DEMO50K-0007/20261125',
    );
    expect(row).toHaveTextContent('11/25/2026');
    expect(row).toHaveTextContent('Balance jump');
    expect(row).toHaveTextContent('off by 2000.00 (tolerance 0.06)');
    expect(row).toHaveTextContent('active → failed');
    expect(within(row).getByText('Held')).toBeVisible();

    const voids = await screen.findByRole('table', { name: 'Voided dates' });
    expect(voids).toHaveTextContent('DEMO50K-0003');
    expect(voids).toHaveTextContent('Broker resent the file');
    expect(voids).toHaveTextContent('$50,125.50');
  });

  it('says so when nothing is held', async () => {
    mockApi({
      [HOLDS]: () => jsonResponse({ data: [] }),
      [VOIDS]: () => jsonResponse({ data: [] }),
    });
    await openPage();
    expect(await screen.findByText('No breaches are held')).toBeVisible();
    expect(await screen.findByText('No voided dates')).toBeVisible();
  });

  it('shows released holds with who released them and why', async () => {
    mockApi({
      [HOLDS]: () => jsonResponse({ data: [hold()] }),
      'GET /api/sync/held-breaches?state=released': () =>
        jsonResponse({
          data: [
            hold({
              state: 'released',
              resolvedBy: 'admin@example.com',
              resolvedAt: '2026-11-26T01:00:00.000Z',
              reason: 'Deposit confirmed',
            }),
          ],
        }),
      [VOIDS]: () => jsonResponse({ data: [] }),
    });
    const { user } = await openPage();
    await screen.findByRole('table', { name: 'Held breaches' });
    await user.selectOptions(screen.getByLabelText('Show'), 'released');
    const table = await screen.findByRole('table', { name: 'Held breaches' });
    await waitFor(() => expect(table).toHaveTextContent('Released'));
    expect(table).toHaveTextContent('by admin@example.com');
    expect(table).toHaveTextContent('Deposit confirmed');
    expect(within(table).queryByRole('button', { name: /Release/ })).not.toBeInTheDocument();
  });

  it('releases a hold after confirmation, with the optional reason', async () => {
    let held = [hold()];
    const calls = mockApi({
      [HOLDS]: () => jsonResponse({ data: held }),
      [VOIDS]: () => jsonResponse({ data: [] }),
      'POST /api/sync/held-breaches/DEMO50K-0007/20261125/release': () => {
        held = [];
        return jsonResponse(hold({ state: 'released', resolvedBy: 'admin@example.com' }));
      },
    });
    const { user } = await openPage();

    await user.click(
      await screen.findByRole('button', { name: 'Release DEMO50K-0007 on 11/25/2026' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Release the held breach?' });
    expect(dialog).toHaveTextContent('will be set to failed');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Deposit confirmed');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));

    expect(await screen.findByText('No breaches are held')).toBeVisible();
    const release = calls.find((call) => call.method === 'POST');
    expect(release?.body).toEqual({ reason: 'Deposit confirmed' });
  });

  it('voids the date of one hold only with a reason', async () => {
    const calls = mockApi({
      [HOLDS]: () => jsonResponse({ data: [hold()] }),
      [VOIDS]: () => jsonResponse({ data: [] }),
      ...jobRoutes('POST /api/sync/voids', 'date-void', {
        subject: { date: '20261125' },
        total: 1,
        done: 1,
        counts: { updated: 1 },
      }),
    });
    const { user } = await openPage();

    await user.click(
      await screen.findByRole('button', { name: 'Void 11/25/2026 for DEMO50K-0007' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Void this date for the account?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Void date' }));
    expect(within(dialog).getByText('Please give a reason')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Fills belong to another day');
    await user.click(within(dialog).getByRole('button', { name: 'Void date' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 3_000 });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      date: '20261125',
      accountIds: ['DEMO50K-0007'],
      reason: 'Fills belong to another day',
    });
  });

  it('voids a whole date from "Void a date", and shows the server refusing it', async () => {
    let answer = errorResponse(404, 'No synced data on 20261124 for NOPE');
    const { 'POST /api/sync/voids': started, ...ended } = jobRoutes(
      'POST /api/sync/voids',
      'date-void',
      { subject: { date: '20261124' }, total: 2, done: 2, counts: { updated: 2 } },
    );
    const calls = mockApi({
      [HOLDS]: () => jsonResponse({ data: [] }),
      [VOIDS]: () => jsonResponse({ data: [] }),
      'POST /api/sync/voids': () => answer,
      ...ended,
    });
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Void a date' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Void a date' });
    await user.click(within(dialog).getByRole('button', { name: 'Void date' }));
    expect(within(dialog).getByText('Please choose the date to void')).toBeVisible();
    expect(within(dialog).getByText('Please give a reason')).toBeVisible();

    await user.type(within(dialog).getByLabelText(/Trading date/), '2026-11-24');
    await user.type(within(dialog).getByLabelText(/Accounts/), 'NOPE');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Wrong file');
    await user.click(within(dialog).getByRole('button', { name: 'Void date' }));
    expect(await within(dialog).findByText('No synced data on 20261124 for NOPE')).toBeVisible();

    answer = started!();
    await user.clear(within(dialog).getByLabelText(/Accounts/));
    await user.click(within(dialog).getByRole('button', { name: 'Void date' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 3_000 });
    expect(
      await screen.findByText('2 account-date(s) voided, 2 account(s) re-judged.'),
    ).toBeVisible();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { date: '20261124', reason: 'Wrong file', accountIds: ['NOPE'] },
      { date: '20261124', reason: 'Wrong file' },
    ]);
  });
});

describe('RunQualitySection', () => {
  function renderSection(dates: string[]) {
    const router = createMemoryRouter(
      [{ path: '/', element: <RunQualitySection dates={dates} /> }],
      { initialEntries: ['/'] },
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  }

  it('shows the holds and voids of the given dates, from its own queries', async () => {
    const calls = mockApi({
      'GET /api/sync/held-breaches?state=all&dates=20261124%2C20261125': () =>
        jsonResponse({ data: [hold()] }),
      'GET /api/sync/voids?dates=20261124%2C20261125': () => jsonResponse({ data: [voided] }),
    });
    renderSection(['20261125', '20261124']);

    const holds = await screen.findByRole('table', { name: 'Held breaches of the run' });
    expect(holds).toHaveTextContent('DEMO50K-0007');
    expect(within(holds).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: "Voids of the run's dates" })).toHaveTextContent(
      'Broker resent the file',
    );
    expect(screen.getByRole('link', { name: 'Release or void on Held Breaches' })).toHaveAttribute(
      'href',
      '/sync/held-breaches',
    );
    expect(calls).toHaveLength(2);
  });

  it('says when the dates held nothing and voided nothing', async () => {
    mockApi({
      'GET /api/sync/held-breaches?state=all&dates=20261125': () => jsonResponse({ data: [] }),
      'GET /api/sync/voids?dates=20261125': () => jsonResponse({ data: [] }),
    });
    renderSection(['20261125']);
    expect(await screen.findByText('No breach of these dates was held.')).toBeVisible();
    expect(screen.getByText('No account-date of these dates was voided.')).toBeVisible();
  });
});
