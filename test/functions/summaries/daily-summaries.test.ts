import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../functions/lib/aws/dynamodb';
import { dayKeys } from '../../../functions/lib/db/keys';
import { dailySummaryTotalsOf } from '../../../functions/lib/daily-summary-rows';
import { putItem, tableName } from '../../../functions/lib/db/table';
import { readKept, recountSummaryRows } from '../../../functions/lib/aggregates/recount';
import {
  latestGroupsScope,
  summaryAccountScope,
  summaryDayScope,
} from '../../../functions/lib/aggregates/summary-aggregates';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { handler } from '../../../functions/summaries/handler';
import { backfillSummaryRows } from '../../../functions/sync/summary-rows-backfill';
import { dailySummaryListResponseSchema } from '@shared/summaries/daily-summary';
import {
  firmSummaryResponseSchema,
  traderSummaryResponseSchema,
} from '@shared/summaries/daily-summary-query';
import { scanAll, useFreshTable } from '../../support/fresh-table';
import { callerOf } from '../../support/http-events';
import { callers, OWNER_TRADER_ID } from '../../support/callers';
import { demoStack, syncAllButLast, type DemoStack } from '../../support/demo-firm';

const firm = { method: 'GET', path: '/api/summaries/firm' } as const;
const trader = { method: 'GET', path: '/api/summaries/trader/{traderId}' } as const;

const call = callerOf(handler);

let stack: DemoStack;
let dates: string[];

/** Every page of the owner's trader summary as the trader reads it, each bounded and with the totals. */
async function everyTraderPage(query: { limit: string; sort?: string }, totals: unknown) {
  const rows = [];
  let cursor: string | undefined;
  do {
    const answer = await call(trader, {
      claims: callers.owner,
      pathParameters: { traderId: OWNER_TRADER_ID },
      query: { ...query, ...(cursor && { cursor }) },
    });
    expect(answer.status).toBe(200);
    const body = traderSummaryResponseSchema.parse(answer.body);
    expect(body.data.length).toBeLessThanOrEqual(Number(query.limit));
    expect(body.meta?.totals).toEqual(totals);
    rows.push(...body.data);
    cursor = body.meta?.nextCursor;
  } while (cursor);
  return rows;
}

describe('daily summaries before any day has data', () => {
  useFreshTable();

  it('answers an empty firm summary', async () => {
    const answer = await call(firm, { claims: callers.admin });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [],
      meta: {
        date: null,
        previousDate: null,
        nextDate: null,
        latestDates: [],
        limit: 200,
        totals: { rows: 0, dailyPnl: 0, dailyTrades: 0, active: 0, passed: 0, failed: 0 },
      },
    });
  });
});

describe('daily summaries', () => {
  useFreshTable();

  describe('with demo data', () => {
    beforeAll(async () => {
      stack = await demoStack({ seed: 'daily-summaries', days: 4 });
      await syncAllButLast(stack);
      dates = await performanceRepository.latestDates(10);
    }, 60_000);

    afterAll(() => stack.dispose());

    it('answers the latest date by default, one row per account-day, with the dates around it', async () => {
      const answer = await call(firm, { claims: callers.admin });

      expect(answer.status).toBe(200);
      const { data, meta } = firmSummaryResponseSchema.parse(answer.body);
      expect(meta).toMatchObject({
        date: dates[0],
        previousDate: dates[1],
        nextDate: null,
        latestDates: dates,
        limit: 200,
      });
      expect(meta.nextCursor).toBeUndefined();
      expect(meta.totals?.rows).toBe(data.length);
      const stored = await performanceRepository.listByDate(dates[0]!);
      expect(data.map((row) => row.accountId)).toEqual(stored.map((day) => day.Account).sort());
      expect(data.every((row) => row.date === dates[0])).toBe(true);
    });

    it('computes each row from the stored day and its judgement', async () => {
      const answer = await call(firm, { claims: callers.admin, query: { date: dates[1]! } });
      const { data, meta } = firmSummaryResponseSchema.parse(answer.body);

      expect(meta).toMatchObject({
        date: dates[1],
        previousDate: dates[2] ?? null,
        nextDate: dates[0],
      });
      for (const row of data) {
        const day = (await performanceRepository.getStoredDay(row.accountId, row.date))!;
        const conformance = day.conformance!;
        const peak = day.engineState!.peakBalanceCents / 100;
        expect(row).toEqual({
          date: day.Date,
          traderId: day.traderId,
          accountId: day.Account,
          tradingDay: conformance.daysTradedCount,
          dailyPnl: conformance.performance!.dailyPnl,
          dailyTrades: conformance.performance!.trades,
          dailyWinRate: conformance.performance!.winRate,
          startingBalance:
            Math.round(conformance.currentBalance * 100 - conformance.performance!.dailyPnl * 100) /
            100,
          endingBalance: conformance.currentBalance,
          runningDrawdown: Math.max(0, Math.round((peak - conformance.currentBalance) * 100) / 100),
          profitTargetProgress:
            conformance.rules.find((rule) => rule.category === 'profit-target')?.score ?? null,
          consistencyViolation: conformance.rules.some(
            (rule) => rule.category === 'consistency' && rule.outcome !== 'met',
          ),
          accountStatus: conformance.phaseFailedDate
            ? 'failed'
            : conformance.phasePassedDate
              ? 'passed'
              : 'active',
        });
      }
      expect(data.length).toBeGreaterThan(0);
    });

    it('answers a date without data with no rows, and refuses a bad date with 400 naming it', async () => {
      const empty = await call(firm, { claims: callers.admin, query: { date: '20200106' } });
      const bad = await call(firm, { claims: callers.admin, query: { date: '2026-03-02' } });

      expect(empty.status).toBe(200);
      expect(empty.body.data).toEqual([]);
      expect(empty.body.meta.nextDate).toBe(dates[dates.length - 1]);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('date');
    });

    it('reads the small summary rows the sync stored, and the backfill restores missing ones', async () => {
      const date = dates[1]!;
      // Run over rows the sync stored, the backfill leaves them as they are (their group kept).
      const storedRows = async () =>
        (await scanAll()).filter((item) => String(item.SK).startsWith('SUMROW#'));
      const stored = await storedRows();
      expect(stored.some((item) => typeof item.group === 'string')).toBe(true);
      expect(await backfillSummaryRows()).toEqual({ dates: dates.length, rows: 0 });
      expect(await storedRows()).toEqual(stored);
      const before = await call(firm, { claims: callers.admin, query: { date } });
      const rows = await performanceRepository.listSummaryRowsByDate(date);
      const client = dynamoDocumentClient();
      for (const row of rows) {
        await client.send(
          new DeleteCommand({
            TableName: tableName(),
            Key: dayKeys.summaryRow(row.accountId, row.date),
          }),
        );
      }
      const missing = await call(firm, { claims: callers.admin, query: { date } });
      const result = await backfillSummaryRows();
      const after = await call(firm, { claims: callers.admin, query: { date } });

      expect(rows.length).toBeGreaterThan(0);
      expect(missing.body.data).toEqual([]);
      expect(result).toEqual({ dates: dates.length, rows: expect.any(Number) });
      expect(after.body).toEqual(before.body);
    });

    it('the backfill adds `day` to rows stored before rows kept it, the rest of each row and the counts as they were', async () => {
      const date = dates[0]!;
      const rowsOfDate = async () =>
        (await scanAll())
          .filter((item) => String(item.SK).startsWith('SUMROW#') && item.date === date)
          .sort((a, b) => String(a.PK).localeCompare(String(b.PK)));
      const stored = await rowsOfDate();
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.every((item) => item.day !== undefined)).toBe(true);
      const scopes = [
        summaryDayScope(date),
        latestGroupsScope(date),
        ...stored.map((item) => summaryAccountScope(String(item.accountId))),
      ];
      const counted = await readKept(scopes, []);
      expect(counted.counters).toEqual(
        Object.fromEntries(
          Object.entries(await recountSummaryRows(dates)).filter(([scope]) =>
            scopes.includes(scope),
          ),
        ),
      );
      // The rows as an older version stored them: the same row without `day`.
      for (const { day: _day, ...older } of stored) await putItem(older);

      const result = await backfillSummaryRows();

      expect(result).toEqual({ dates: dates.length, rows: stored.length });
      expect(await rowsOfDate()).toEqual(stored);
      expect(await readKept(scopes, [])).toEqual(counted);
      expect(await backfillSummaryRows()).toEqual({ dates: dates.length, rows: 0 });
    });

    it('keeps the firm summary to staff', async () => {
      expect((await call(firm, { claims: callers.owner })).status).toBe(403);
      expect((await call(firm)).status).toBe(401);
    });

    it('pages a trader’s days with a cursor, sorted on the server, with the totals of every page', async () => {
      const whole = traderSummaryResponseSchema.parse(
        (
          await call(trader, {
            claims: callers.admin,
            pathParameters: { traderId: OWNER_TRADER_ID },
          })
        ).body,
      );
      const rows = await everyTraderPage({ limit: '2', sort: '-pnl' }, whole.meta?.totals);
      expect(rows).toHaveLength(whole.data.length);
      expect(whole.meta?.totals?.rows).toBe(whole.data.length);
      const pnl = rows.map((row) => row.dailyPnl);
      expect(pnl).toEqual([...pnl].sort((a, b) => b - a));

      const forged = await call(trader, {
        claims: callers.admin,
        pathParameters: { traderId: OWNER_TRADER_ID },
        query: { cursor: 'x' },
      });
      expect(forged.status).toBe(400);
      expect(JSON.stringify(forged.body)).toContain('cursor');
    });

    it('pages a trader’s days in the default order by key (newest date, then account id), totals kept', async () => {
      const whole = traderSummaryResponseSchema.parse(
        (
          await call(trader, {
            claims: callers.admin,
            pathParameters: { traderId: OWNER_TRADER_ID },
          })
        ).body,
      );
      const rows = await everyTraderPage({ limit: '3' }, whole.meta?.totals);
      expect(rows).toEqual(whole.data);
      const keys = rows.map((row) => `${99_999_999 - Number(row.date)}#${row.accountId}`);
      expect(keys).toEqual([...keys].sort());
      // The totals are the kept counters of the trader's accounts: they equal the rows'.
      expect(whole.meta?.totals).toEqual(dailySummaryTotalsOf(whole.data));
    });

    it('answers a trader’s days of every account, newest first, to staff and to the trader', async () => {
      const staff = await call(trader, {
        claims: callers.admin,
        pathParameters: { traderId: OWNER_TRADER_ID },
      });
      const self = await call(trader, {
        claims: callers.owner,
        pathParameters: { traderId: OWNER_TRADER_ID },
      });

      expect(staff.status).toBe(200);
      const { data } = dailySummaryListResponseSchema.parse(staff.body);
      const accounts = await accountRepository.listByTrader(OWNER_TRADER_ID);
      const days = (
        await Promise.all(accounts.map((a) => performanceRepository.listAllByAccount(a.accountId)))
      ).flat();
      expect(data).toHaveLength(days.length);
      expect(data.every((row) => row.traderId === OWNER_TRADER_ID)).toBe(true);
      const order = data.map((row) => `${row.date}#${row.accountId}`);
      expect(data.map((row) => row.date)).toEqual(
        data
          .map((row) => row.date)
          .sort()
          .reverse(),
      );
      expect(new Set(order).size).toBe(order.length);
      expect(self.status).toBe(200);
      expect(self.body).toEqual(staff.body);
    });

    it('refuses another trader with 403, unknown 404, bad id 400, anonymous 401', async () => {
      const theirs = await call(trader, {
        claims: callers.other,
        pathParameters: { traderId: OWNER_TRADER_ID },
      });
      const unknown = await call(trader, {
        claims: callers.admin,
        pathParameters: { traderId: 'TR999999' },
      });
      const bad = await call(trader, {
        claims: callers.admin,
        pathParameters: { traderId: 'a/b' },
      });
      const anonymous = await call(trader, { pathParameters: { traderId: OWNER_TRADER_ID } });

      expect(theirs.status).toBe(403);
      expect(theirs.body).not.toHaveProperty('data');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe('Trader TR999999 not found');
      expect(bad.status).toBe(400);
      expect(anonymous.status).toBe(401);
    });
  });
});
