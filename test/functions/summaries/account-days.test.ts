import {
  accountRepository,
  type StoredAccount,
} from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { batchPutAll } from '../../../functions/lib/db/batch-writer';
import { handler } from '../../../functions/summaries/handler';
import {
  ACCOUNT_DAYS_PAGE,
  accountDaysResponseSchema,
  accountDetailResponseSchema,
  balanceSeriesResponseSchema,
} from '@shared/summaries/account-detail';
import { drawdownOfDay } from '@shared/rules/drawdown-day';
import type { DailyPerformance } from '@shared/performance/daily-performance';
import { getItem, putItem } from '../../../functions/lib/db/table';
import { dayKeys } from '../../../functions/lib/db/keys';
import type { PerformanceDay } from '../../../functions/lib/repositories/performance-repository';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers, OWNER_TRADER_ID } from '../../support/callers';
import { demoStack, syncAllButLast, type DemoStack } from '../../support/demo-firm';

const detailRoute = { method: 'GET', path: '/api/summaries/account/{accountId}' } as const;
const daysRoute = { method: 'GET', path: '/api/summaries/account/{accountId}/days' } as const;
const balancesRoute = {
  method: 'GET',
  path: '/api/summaries/account/{accountId}/balances',
} as const;

const call = (
  route: { method: 'GET'; path: `/api/${string}` },
  accountId: string,
  claims: Record<string, string>,
  query?: Record<string, string>,
) =>
  invoke(
    handler,
    httpEvent(route, {
      pathParameters: { accountId },
      claims,
      ...(query && { query }),
    }),
  );

/** `count` trading dates before 2020 (weekdays are not needed: the store keys days by date only). */
function olderDates(count: number): string[] {
  const dates: string[] = [];
  const day = new Date(Date.UTC(2019, 0, 1));
  for (let index = 0; index < count; index += 1) {
    dates.push(day.toISOString().slice(0, 10).replaceAll('-', ''));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return dates;
}

/*
 * The answers as the routes computed them from the judged days (`PERF#`) before they read the
 * summary rows: the reference every answer from the rows must equal.
 */
function judgedDailyRowOf(day: PerformanceDay): DailyPerformance {
  const {
    Date: date,
    conformance,
    FCM: _fcm,
    IB: _ib,
    traderId: _traderId,
    fileModifiedDate: _modified,
    ...figures
  } = day;
  return {
    ...figures,
    date,
    conformance: conformance && {
      overallStatus: conformance.overallStatus,
      overallScore: conformance.overallScore,
      violations: conformance.violations.length,
    },
  };
}

/** Each judged day, oldest first, with its drawdown read as the routes read it then. */
function judgedDrawdownDays(newestFirst: readonly PerformanceDay[]) {
  let previousBalance: number | null = null;
  return [...newestFirst].reverse().map((day) => {
    const drawdown = drawdownOfDay({
      conformance: day.conformance,
      performance: day,
      previousBalance,
    });
    previousBalance = day.AcctBal;
    return { day, drawdown };
  });
}

const judgedDrawdownsOf = (newestFirst: readonly PerformanceDay[]) =>
  judgedDrawdownDays(newestFirst).flatMap(({ day, drawdown }) =>
    drawdown ? [{ date: day.Date, ...drawdown }] : [],
  );

const judgedBalancesOf = (newestFirst: readonly PerformanceDay[]) =>
  judgedDrawdownDays(newestFirst).map(({ day, drawdown }) => ({
    date: day.Date,
    accountBalance: day.AcctBal,
    cashBalance: day.CashBal ?? null,
    floor: drawdown?.floor ?? null,
  }));

let stack: DemoStack;
let owned: StoredAccount;
let othersAccount: StoredAccount;
/** The owned account's judged days whose summary rows were stored as before rows kept `day`. */
let olderRows: string[];

describe('the account page reads its days a page at a time', () => {
  useFreshTable();

  beforeAll(async () => {
    stack = await demoStack({ seed: 'account-days', days: 4 });
    await syncAllButLast(stack);
    const all = await accountRepository.listAll();
    owned = all.find((account) => account.traderId === OWNER_TRADER_ID && account.engineState)!;
    othersAccount = all.find((account) => account.traderId !== OWNER_TRADER_ID)!;
    // More days than one page: older days stored before the synced ones, every third one's summary
    // row as stored before rows kept what the account page shows (no `day`).
    await batchPutAll(
      olderDates(ACCOUNT_DAYS_PAGE + 5).flatMap((date, index) => {
        const day = {
          Account: owned.accountId,
          Date: date,
          NetPnl: 10,
          AcctBal: 50_000 + index,
          CashBal: 49_000 + index,
          Trades: 1,
        };
        return index % 3 === 0
          ? [
              performanceRepository.performanceItemOf(day),
              performanceRepository.summaryRowItemOf(day),
            ]
          : performanceRepository.dayItemsOf(day);
      }),
    );
    // Every other judged day's row as an older row too: the first page mixes both kinds.
    const judged = (await performanceRepository.listAllByAccount(owned.accountId)).filter(
      (day) => day.conformance,
    );
    olderRows = judged.filter((_, index) => index % 2 === 0).map((day) => day.Date);
    for (const date of olderRows) {
      const stored = (await performanceRepository.getStoredDay(owned.accountId, date))!;
      await putItem(
        performanceRepository.summaryRowItemOf(stored, stored.traderId, stored.placement),
      );
    }
  }, 60_000);

  it('the three routes answer what they answered from the judged days, older rows without `day` included', async () => {
    const every = await performanceRepository.listAllByAccount(owned.accountId);
    expect(olderRows.length).toBeGreaterThan(0);
    for (const date of olderRows) {
      expect(await getItem(dayKeys.summaryRow(owned.accountId, date))).not.toHaveProperty('day');
    }

    const { data } = accountDetailResponseSchema.parse(
      (await call(detailRoute, owned.accountId, callers.admin)).body,
    );
    const firstPage = every.slice(0, ACCOUNT_DAYS_PAGE);
    expect(data.performances).toEqual(firstPage.map(judgedDailyRowOf));
    expect(data.drawdowns).toEqual(judgedDrawdownsOf(firstPage));
    expect(data.drawdowns.length).toBeGreaterThan(1);

    const rest = accountDaysResponseSchema.parse(
      (
        await call(daysRoute, owned.accountId, callers.admin, {
          cursor: data.performancesCursor!,
          limit: '200',
        })
      ).body,
    );
    expect(rest.data).toEqual(every.slice(ACCOUNT_DAYS_PAGE).map(judgedDailyRowOf));
    expect(rest.meta.nextCursor).toBeUndefined();

    const balances = balanceSeriesResponseSchema.parse(
      (await call(balancesRoute, owned.accountId, callers.admin)).body,
    );
    expect(balances.data).toEqual(judgedBalancesOf(every));
  });

  it("a day's summary row, what the account page reads of it, is a small part of its judged day", async () => {
    // The largest judged day of any account (a failed one's day lists its violations).
    const days = (
      await Promise.all(
        (await accountRepository.listAll()).map((account) =>
          performanceRepository.listAllByAccount(account.accountId),
        ),
      )
    )
      .flat()
      .filter((day) => day.conformance && !olderRows.includes(day.Date));
    const sizes = await Promise.all(
      days.map(async (day) => ({
        row: JSON.stringify(await getItem(dayKeys.summaryRow(day.Account, day.Date))).length,
        judged: JSON.stringify(await getItem(dayKeys.performance(day.Account, day.Date))).length,
      })),
    );
    const largest = sizes.reduce((max, size) => (size.judged > max.judged ? size : max));
    expect(largest.row).toBeLessThan(2_048);
    expect(largest.row * 3).toBeLessThan(largest.judged);
    expect(Math.max(...sizes.map((size) => size.row))).toBeLessThan(2_048);
  });

  afterAll(() => stack.dispose());

  it('the page answers the newest page of days and the cursor of the rest; the further pages reach every day once, newest first', async () => {
    const every = (await performanceRepository.listAllByAccount(owned.accountId)).map(
      (day) => day.Date,
    );
    expect(every.length).toBeGreaterThan(ACCOUNT_DAYS_PAGE);

    const first = await call(detailRoute, owned.accountId, callers.admin);
    expect(first.status).toBe(200);
    const { data } = accountDetailResponseSchema.parse(first.body);
    expect(data.performances).toHaveLength(ACCOUNT_DAYS_PAGE);
    expect(data.performances.map((day) => day.date)).toEqual(every.slice(0, ACCOUNT_DAYS_PAGE));
    expect(data.performancesCursor).toEqual(expect.any(String));
    expect(
      data.drawdowns.every((day) => every.slice(0, ACCOUNT_DAYS_PAGE).includes(day.date)),
    ).toBe(true);

    const seen = data.performances.map((day) => day.date);
    let cursor = data.performancesCursor;
    let pages = 0;
    while (cursor) {
      const answer = await call(daysRoute, owned.accountId, callers.admin, {
        cursor,
        limit: '2',
      });
      expect(answer.status).toBe(200);
      const page = accountDaysResponseSchema.parse(answer.body);
      expect(page.data.length).toBeLessThanOrEqual(2);
      expect(page.meta.limit).toBe(2);
      seen.push(...page.data.map((day) => day.date));
      cursor = page.meta.nextCursor;
      pages += 1;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual(every);
  });

  it('a page is at most 200 days; a bad limit or cursor is a 400 naming it', async () => {
    const first = accountDaysResponseSchema.parse(
      (await call(daysRoute, owned.accountId, callers.admin)).body,
    );
    expect(first.data).toHaveLength(ACCOUNT_DAYS_PAGE);
    expect(first.meta).toMatchObject({ limit: ACCOUNT_DAYS_PAGE, nextCursor: expect.any(String) });

    const tooMany = await call(daysRoute, owned.accountId, callers.admin, { limit: '201' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details[0].field).toBe('limit');
    const badCursor = await call(daysRoute, owned.accountId, callers.admin, { cursor: 'nope' });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.details[0].field).toBe('cursor');
    // Another account's cursor does not read this account's partition from its key.
    const foreign = (await call(daysRoute, othersAccount.accountId, callers.admin, { limit: '1' }))
      .body.meta.nextCursor as string;
    const misplaced = await call(daysRoute, owned.accountId, callers.admin, { cursor: foreign });
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.error.details[0].field).toBe('cursor');
  });

  it('the balance chart reads one small point per day, oldest first, with the floor the engine kept', async () => {
    const answer = await call(balancesRoute, owned.accountId, callers.admin);
    expect(answer.status).toBe(200);
    const { data } = balanceSeriesResponseSchema.parse(answer.body);
    const stored = (await performanceRepository.listAllByAccount(owned.accountId)).reverse();
    expect(data.map((point) => point.date)).toEqual(stored.map((day) => day.Date));
    const latest = stored.at(-1)!;
    expect(data.at(-1)).toEqual({
      date: latest.Date,
      accountBalance: latest.AcctBal,
      cashBalance: latest.CashBal ?? null,
      floor: drawdownOfDay({ conformance: latest.conformance })?.floor ?? null,
    });
    expect(data.at(-1)!.floor).not.toBeNull();
    expect(data[0]).toEqual({
      date: '20190101',
      accountBalance: 50_000,
      cashBalance: 49_000,
      floor: null,
    });
    // One point a day stays small: well under 100 bytes each.
    expect(JSON.stringify(answer.body).length / data.length).toBeLessThan(100);
  });

  it("the owner reads their account's days and balances; another trader gets 404, no token 401", async () => {
    for (const route of [daysRoute, balancesRoute]) {
      expect((await call(route, owned.accountId, callers.owner)).status).toBe(200);
      expect((await call(route, othersAccount.accountId, callers.owner)).status).toBe(404);
      expect((await call(route, owned.accountId, callers.other)).status).toBe(404);
      expect((await call(route, 'NOPE-000001', callers.admin)).status).toBe(404);
      const anonymous = await invoke(
        handler,
        httpEvent(route, { pathParameters: { accountId: owned.accountId } }),
      );
      expect(anonymous.status).toBe(401);
    }
  });
});
