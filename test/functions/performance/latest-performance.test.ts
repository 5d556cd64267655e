import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { handler } from '../../../functions/performance/handler';
import { performanceListResponseSchema } from '@shared/performance/performance-list';
import { roomToBreachOf } from '@shared/rules/limit-distance';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers } from '../../support/callers';
import { demoStack, syncLastDate, type DemoStack } from '../../support/demo-firm';

const today = { method: 'GET', path: '/api/performance/today' } as const;
const call = (claims?: Record<string, string>, query?: Record<string, string>) =>
  invoke(handler, httpEvent(today, { ...(claims && { claims }), ...(query && { query }) }));

let stack: DemoStack;

describe('GET /api/performance/today before any sync', () => {
  useFreshTable();

  it('answers an empty list with a null date', async () => {
    const answer = await call(callers.admin);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      data: [],
      meta: { date: null, latestDate: null, groups: [], limit: 200 },
    });
  });

  it('refuses traders (403) and anonymous callers (401)', async () => {
    expect((await call(callers.owner)).status).toBe(403);
    expect((await call()).status).toBe(401);
  });
});

describe('GET /api/performance/today', () => {
  // The latest date synced twice: a date synced again lists each account once.
  useFreshTable({
    perTest: true,
    seed: async () => {
      stack = await demoStack({ seed: 'latest-performance', days: 3 });
      await syncLastDate(stack);
      await syncLastDate(stack);
    },
  });

  afterAll(() => stack.dispose());

  it("answers every account's figures of the latest date, in the lists' group order", async () => {
    const latest = stack.demo.dates.at(-1)!;

    const answer = await call(callers.admin, { sort: 'Account' });

    expect(answer.status).toBe(200);
    const body = performanceListResponseSchema.parse(answer.body);
    expect(body.meta.date).toBe(latest);
    expect(body.meta.latestDate).toBe(latest);
    const stored = await performanceRepository.listByDate(latest);
    expect(body.data).toHaveLength(stored.length);
    const accounts = await accountRepository.listAll();
    const expectedOrder = accounts
      .map((account) => account.accountId)
      .filter((accountId) => stored.some((day) => day.Account === accountId));
    expect(body.data.map((row) => row.Account)).toEqual(expectedOrder);
    const first = body.data[0]!;
    const account = accounts.find((entry) => entry.accountId === first.Account)!;
    const day = stored.find((entry) => entry.Account === first.Account)!;
    const room = roomToBreachOf(account.accountSummary);
    expect(first).toEqual({
      Account: day.Account,
      accountType: account.phase,
      rithmicStatus: account.rithmicStatus,
      status: account.status,
      traderEmail: account.email,
      ...(room && { room }),
      ClosedPnl: day.ClosedPnl,
      NetPnl: day.NetPnl,
      Commissions: day.Commissions,
      Trades: day.Trades,
      WinTrades: day.WinTrades,
      LoserTrades: day.LoserTrades,
      WinPct: day.WinPct,
      CashBal: day.CashBal,
      AcctBal: day.AcctBal,
    });
  });

  it('answers another day when asked (?date=), with no rows for a day without data', async () => {
    const latest = stack.demo.dates.at(-1)!;

    const same = performanceListResponseSchema.parse(
      (await call(callers.admin, { date: latest })).body,
    );
    expect(same.meta).toMatchObject({ date: latest, latestDate: latest, limit: 200 });
    expect(same.data.length).toBeGreaterThan(0);

    const quiet = await call(callers.admin, { date: '20200106' });
    expect(quiet.status).toBe(200);
    expect(quiet.body).toEqual({
      success: true,
      data: [],
      meta: {
        date: '20200106',
        latestDate: latest,
        groups: expect.arrayContaining([{ phase: 'demo', rithmicStatus: 'Active', rows: 0 }]),
        limit: 200,
      },
    });
  });

  it('refuses a date that is not a real day (400 naming date)', async () => {
    const answer = await call(callers.admin, { date: '20261332' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('date');
  });

  it('marks a failed account the broker still lists as Active with its judged status', async () => {
    const latest = stack.demo.dates.at(-1)!;
    const [first] = (await accountRepository.listAll()).filter(
      (account) => account.rithmicStatus === 'Active',
    );
    await accountRepository.replace({ ...first!, status: 'failed' });

    const body = performanceListResponseSchema.parse(
      (await call(callers.admin, { date: latest })).body,
    );

    expect(body.data.find((row) => row.Account === first!.accountId)?.status).toBe('failed');
  });

  it("carries each account's room to breach and a held breach's day", async () => {
    const latest = stack.demo.dates.at(-1)!;
    const accounts = await accountRepository.listAll();
    const trading = accounts.find((account) => roomToBreachOf(account.accountSummary) !== null)!;
    const failed = accounts.find((account) => account.status === 'failed');
    await accountRepository.replace({ ...trading, statusHold: { date: latest, status: 'failed' } });

    const body = performanceListResponseSchema.parse(
      (await call(callers.admin, { date: latest })).body,
    );

    const row = body.data.find((entry) => entry.Account === trading.accountId)!;
    expect(row.room).toEqual(roomToBreachOf(trading.accountSummary));
    expect(row.room?.drawdown ?? row.room?.dailyLoss).toMatchObject({
      room: expect.any(Number),
      share: expect.any(Number),
    });
    expect(row.heldSince).toBe(latest);
    expect(body.data.filter((entry) => entry.heldSince !== undefined)).toHaveLength(1);
    if (failed) {
      expect(body.data.find((entry) => entry.Account === failed.accountId)?.room).toBeUndefined();
    }
  });
});
