import { ZodError } from 'zod';
import type { PaymentProvider } from '@shared/revenue/transaction';
import { KEY_ATTRIBUTES, revenueKeys } from '../../../../functions/lib/db/keys';
import { getItem } from '../../../../functions/lib/db/table';
import {
  revenueRepository,
  type DailyRevenueRecordInput,
} from '../../../../functions/lib/repositories/revenue-repository';
import { useFreshTable } from '../../../support/fresh-table';

/** 40 consecutive March–April dates, weekends included: revenue is collected every day. */
const DATES = Array.from({ length: 40 }, (_, index) =>
  new Date(Date.UTC(2026, 2, 1 + index)).toISOString().slice(0, 10).replaceAll('-', ''),
);

function record(date: string, provider: PaymentProvider, grossIncome = 10_000) {
  return {
    date,
    provider,
    metrics: {
      grossIncome,
      netIncome: grossIncome - 300,
      totalFees: 300,
      transactionCount: 4,
      traderCount: 3,
    },
    collectionTimestamp: '2026-04-10T06:00:00.000Z',
  } satisfies DailyRevenueRecordInput;
}

const rows = (records: { date: string; provider: string }[]) =>
  records.map((entry) => `${entry.date} ${entry.provider}`);

describe('revenueRepository', () => {
  useFreshTable();

  beforeAll(async () => {
    const written = await revenueRepository.putMany(
      DATES.flatMap((date) => [record(date, 'stripe'), record(date, 'paypal')]),
    );
    expect(written).toBe(80);
    await revenueRepository.putMany([record('20260305', 'bank_transfer')]);
  });

  it('stores each record under its natural key, with the provider index', async () => {
    await expect(getItem(revenueKeys.record('20260301', 'stripe'))).resolves.toMatchObject({
      GSI1PK: 'REVENUE#stripe',
      GSI1SK: '20260301',
      metrics: { grossIncome: 10_000 },
    });
  });

  it('lists every provider of a range in date order, both ends included', async () => {
    const records = await revenueRepository.listByDateRange({
      startDate: '20260304',
      endDate: '20260306',
    });

    expect(rows(records)).toEqual([
      '20260304 paypal',
      '20260304 stripe',
      '20260305 bank_transfer',
      '20260305 paypal',
      '20260305 stripe',
      '20260306 paypal',
      '20260306 stripe',
    ]);
    for (const entry of records) {
      for (const name of KEY_ATTRIBUTES) expect(entry).not.toHaveProperty(name);
    }
  });

  it('lists one provider of a range, both ends included, through GSI1', async () => {
    const records = await revenueRepository.listByDateRange({
      startDate: '20260330',
      endDate: '20260402',
      provider: 'paypal',
    });

    expect(rows(records)).toEqual([
      '20260330 paypal',
      '20260331 paypal',
      '20260401 paypal',
      '20260402 paypal',
    ]);
    expect(records[0]).toEqual(record('20260330', 'paypal'));
  });

  it('answers a one-day range, a range past the data, and a range with no such provider', async () => {
    await expect(
      revenueRepository.listByDateRange({ startDate: '20260409', endDate: '20260409' }).then(rows),
    ).resolves.toEqual(['20260409 paypal', '20260409 stripe']);
    await expect(
      revenueRepository
        .listByDateRange({ startDate: '20260301', endDate: '20260301', provider: 'stripe' })
        .then(rows),
    ).resolves.toEqual(['20260301 stripe']);
    await expect(
      revenueRepository.listByDateRange({ startDate: '20260410', endDate: '20260430' }),
    ).resolves.toEqual([]);
    await expect(
      revenueRepository.listByDateRange({
        startDate: '20260301',
        endDate: '20260331',
        provider: 'manual',
      }),
    ).resolves.toEqual([]);
  });

  it('reads a range longer than a month whole', async () => {
    const records = await revenueRepository.listByDateRange({
      startDate: '20260101',
      endDate: '20261231',
      provider: 'stripe',
    });

    expect(records.map((entry) => entry.date)).toEqual(DATES);
  });

  it('answers nothing for a reversed range rather than a DynamoDB error', async () => {
    await expect(
      revenueRepository.listByDateRange({ startDate: '20260310', endDate: '20260301' }),
    ).resolves.toEqual([]);
  });

  it('overwrites a re-ingested date instead of duplicating it', async () => {
    await revenueRepository.putMany([record('20260302', 'stripe', 25_000)]);

    const records = await revenueRepository.listByDateRange({
      startDate: '20260302',
      endDate: '20260302',
      provider: 'stripe',
    });

    expect(records).toEqual([record('20260302', 'stripe', 25_000)]);
  });

  it('validates every record before writing any', async () => {
    const invalid = { ...record('20260303', 'stripe'), metrics: { grossIncome: -1 } };

    await expect(
      revenueRepository.putMany([record('20260303', 'manual'), invalid as never]),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      revenueRepository.listByDateRange({
        startDate: '20260303',
        endDate: '20260303',
        provider: 'manual',
      }),
    ).resolves.toEqual([]);
  });
});
