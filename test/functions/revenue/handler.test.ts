import { revenueRepository } from '../../../functions/lib/repositories/revenue-repository';
import { handler } from '../../../functions/revenue/handler';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';

const route = { method: 'GET', path: '/api/firms/daily-revenue' } as const;
const admin = claimsFor('admin');

function get(query: Record<string, string>, claims: Record<string, string> | null = admin) {
  return invoke(handler, httpEvent(route, { query, ...(claims && { claims }) }));
}

const row = (date: string, provider: 'stripe' | 'paypal', gross: number) => ({
  date,
  provider,
  metrics: {
    grossIncome: gross,
    netIncome: gross - 300,
    totalFees: 300,
    transactionCount: 4,
    traderCount: 3,
  },
  collectionTimestamp: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T23:30:00.000Z`,
});

describe('GET /api/firms/daily-revenue', () => {
  useFreshTable();
  beforeAll(() =>
    revenueRepository.putMany([
      row('20260301', 'stripe', 10_000),
      row('20260301', 'paypal', 5_000),
      row('20260302', 'stripe', 12_345),
      row('20260303', 'paypal', 7_000),
      row('20260310', 'stripe', 99_999),
    ]),
  );

  it('answers every provider’s rows of the range in date order, amounts in cents', async () => {
    const answer = await get({ startDate: '20260301', endDate: '20260303' });

    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(
      answer.body.data.map(
        (entry: { date: string; provider: string }) => `${entry.date} ${entry.provider}`,
      ),
    ).toEqual(['20260301 paypal', '20260301 stripe', '20260302 stripe', '20260303 paypal']);
    expect(answer.body.data[2]).toEqual(row('20260302', 'stripe', 12_345));
  });

  it('narrows to one provider', async () => {
    const answer = await get({ startDate: '20260301', endDate: '20260331', provider: 'stripe' });

    expect(answer.body.data.map((entry: { date: string }) => entry.date)).toEqual([
      '20260301',
      '20260302',
      '20260310',
    ]);
  });

  it('answers an empty list for a range without revenue', async () => {
    await expect(get({ startDate: '20250101', endDate: '20250131' })).resolves.toEqual({
      status: 200,
      body: { success: true, data: [] },
    });
  });

  it.each([
    [{ endDate: '20260303' }, 'startDate'],
    [{ startDate: '20260301' }, 'endDate'],
    [{ startDate: '2026-03-01', endDate: '20260303' }, 'startDate'],
    [{ startDate: '20260230', endDate: '20260303' }, 'startDate'],
    [{ startDate: '19990101', endDate: '20260303' }, 'startDate'],
    [{ startDate: '20260303', endDate: '20260301' }, 'endDate'],
    [{ startDate: '20260301', endDate: '20260303', provider: 'visa' }, 'provider'],
  ])('refuses %j with a 400 naming %s', async (query, field) => {
    const answer = await get(query);

    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { field: string }) => detail.field)).toContain(
      field,
    );
  });

  it('refuses a trader (403) and an anonymous caller (401)', async () => {
    const query = { startDate: '20260301', endDate: '20260303' };

    expect((await get(query, claimsFor('trader'))).status).toBe(403);
    expect((await get(query, null)).status).toBe(401);
  });
});
