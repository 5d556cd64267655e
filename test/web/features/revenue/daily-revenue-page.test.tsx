import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DailyRevenueRecord } from '@shared/revenue/daily-revenue';
import {
  accumulatedDays,
  revenueCsv,
  revenueDays,
  revenueTotals,
} from '@/features/revenue/revenue-figures';
import { readRevenueView } from '@/features/revenue/revenue-view';
import { errorResponse, jsonResponse, mockApi, type RecordedCall } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

const record = (
  date: string,
  provider: 'stripe' | 'paypal',
  gross: number,
  net: number,
  traders: number,
): DailyRevenueRecord => ({
  date,
  provider,
  metrics: {
    grossIncome: gross,
    netIncome: net,
    totalFees: gross - net,
    transactionCount: 3,
    traderCount: traders,
  },
  collectionTimestamp: '2026-03-02T23:30:00.000Z',
});

const records = [
  record('20260301', 'paypal', 10_050, 9_000, 4),
  record('20260301', 'stripe', 20_000, 19_400, 5),
  record('20260302', 'stripe', 5_000, -1_250, 7),
];

/** Answers the revenue call by path, whatever the query; records each call. */
function mockRevenue(answer: (query: URLSearchParams) => Response) {
  const handlers = new Proxy(
    {},
    {
      get: (_target, key: string) => {
        const [method, url] = key.split(' ') as [string, string];
        const { pathname, searchParams } = new URL(url, 'http://localhost');
        return method === 'GET' && pathname === '/api/firms/daily-revenue'
          ? () => answer(searchParams)
          : undefined;
      },
    },
  );
  return mockApi(handlers);
}

const revenueQueries = (calls: RecordedCall[]) =>
  calls.map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

async function openRevenue(path: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Daily Revenue', level: 1 }, { timeout: 20_000 });
  return app;
}

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('revenue figures', () => {
  it('adds the providers of a day, keeps the largest daily trader count, and accumulates', () => {
    expect(revenueTotals(records)).toEqual({
      grossIncome: 35_050,
      netIncome: 27_150,
      totalFees: 7_900,
      transactions: 9,
      activeTraders: 9,
    });
    expect(accumulatedDays(revenueDays(records)).map((day) => day.netIncome)).toEqual([
      28_400, 27_150,
    ]);
  });

  it('exports the details as CSV in dollars, negative cents exact', () => {
    expect(revenueCsv(records).split('\r\n')).toEqual([
      'Date,Provider,Gross Income (USD),Net Income (USD),Total Fees (USD),Transactions,Traders,Collection Time',
      '03/01/2026,PAYPAL,100.50,90.00,10.50,3,4,2026-03-02T23:30:00.000Z',
      '03/01/2026,STRIPE,200.00,194.00,6.00,3,5,2026-03-02T23:30:00.000Z',
      '03/02/2026,STRIPE,50.00,-12.50,62.50,3,7,2026-03-02T23:30:00.000Z',
      '',
    ]);
  });

  it('exports through the formula-neutralising CSV writer', () => {
    const crafted = [{ ...records[0]!, collectionTimestamp: '=cmd|" /C calc"!A0' }];

    expect(revenueCsv(crafted).split('\r\n')[1]).toBe(
      `03/01/2026,PAYPAL,100.50,90.00,10.50,3,4,"'=cmd|"" /C calc""!A0"`,
    );
  });

  it('defaults to the last 30 days and all providers', () => {
    expect(readRevenueView(new URLSearchParams(), new Date(2026, 2, 31))).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      provider: 'all',
    });
  });
});

describe('Daily Revenue page', () => {
  it('asks for the range in the URL and shows the cards and the details in USD', async () => {
    const calls = mockRevenue(() => jsonResponse({ success: true, data: records }));

    await openRevenue('/firm/daily-revenue?startDate=2026-03-01&endDate=2026-03-02');

    const table = await screen.findByRole('table', { name: 'Daily Revenue Details' });
    expect(revenueQueries(calls)[0]).toEqual({ startDate: '20260301', endDate: '20260302' });
    expect(screen.getByText('$350.50')).toBeInTheDocument();
    expect(screen.getByText('$271.50')).toBeInTheDocument();
    expect(screen.getByText('$79.00')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('STRIPE')).toBeInTheDocument();
    const negative = within(rows[0] as HTMLElement).getByText('-$12.50');
    expect(negative).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Daily gross, net and fees in USD' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Accumulated gross, net and fees in USD' }),
    ).toBeInTheDocument();
  });

  it('asks for stripe only when the provider changes, and keeps it in the URL', async () => {
    const calls = mockRevenue(() => jsonResponse({ success: true, data: records }));
    const { router } = await openRevenue(
      '/firm/daily-revenue?startDate=2026-03-01&endDate=2026-03-02',
    );
    await screen.findByRole('table', { name: 'Daily Revenue Details' });

    await userEvent.setup().selectOptions(screen.getByLabelText('Provider'), 'stripe');

    await waitFor(() => expect(revenueQueries(calls).at(-1)?.provider).toBe('stripe'));
    expect(router.state.location.search).toBe(
      '?startDate=2026-03-01&endDate=2026-03-02&provider=stripe',
    );
  });

  it('keeps a date change made just before a provider change', async () => {
    const calls = mockRevenue(() => jsonResponse({ success: true, data: records }));
    const { router } = await openRevenue(
      '/firm/daily-revenue?startDate=2026-03-01&endDate=2026-03-02',
    );
    await screen.findByRole('table', { name: 'Daily Revenue Details' });

    // Both changes before the page renders again, as a quick user on a busy browser makes them.
    act(() => {
      fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-02-20' } });
      fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'stripe' } });
    });

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?startDate=2026-02-20&endDate=2026-03-02&provider=stripe',
      ),
    );
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-02-20');
    expect(screen.getByLabelText('Provider')).toHaveValue('stripe');
    await waitFor(() =>
      expect(revenueQueries(calls).at(-1)).toEqual({
        startDate: '20260220',
        endDate: '20260302',
        provider: 'stripe',
      }),
    );
  });

  it('follows a link to the page with other filters', async () => {
    const calls = mockRevenue(() => jsonResponse({ success: true, data: records }));
    const { router } = await openRevenue(
      '/firm/daily-revenue?startDate=2026-03-01&endDate=2026-03-02&provider=paypal',
    );
    await screen.findByRole('table', { name: 'Daily Revenue Details' });

    await act(() => router.navigate('/firm/daily-revenue?startDate=2026-01-05&endDate=2026-01-09'));

    await waitFor(() => expect(screen.getByLabelText('Start Date')).toHaveValue('2026-01-05'));
    expect(screen.getByLabelText('Provider')).toHaveValue('all');
    await waitFor(() =>
      expect(revenueQueries(calls).at(-1)).toEqual({ startDate: '20260105', endDate: '20260109' }),
    );
  });

  it("says 'No Revenue Data' for a range without rows", async () => {
    mockRevenue(() => jsonResponse({ success: true, data: [] }));

    await openRevenue('/firm/daily-revenue');

    expect(await screen.findByText('No Revenue Data')).toBeInTheDocument();
  });

  it.each([
    [
      'a non-OK status',
      () => errorResponse(400, 'endDate must not be before startDate'),
      'HTTP error! status: 400',
    ],
    [
      'success false with its error',
      () => jsonResponse({ success: false, data: [], error: 'Provider down' }),
      'Provider down',
    ],
    [
      'success false with its error and no data',
      () => jsonResponse({ success: false, error: 'Revenue collection is paused' }),
      'Revenue collection is paused',
    ],
    [
      'success false without one',
      () => jsonResponse({ success: false, data: [] }),
      'Failed to fetch revenue data',
    ],
  ])('shows the spec’s text for %s, with Try Again', async (_name, answer, text) => {
    let failing = true;
    mockRevenue(() => (failing ? answer() : jsonResponse({ success: true, data: records })));
    await openRevenue('/firm/daily-revenue');

    expect(await screen.findByText(text)).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('table', { name: 'Daily Revenue Details' })).toBeInTheDocument();
  });
});
