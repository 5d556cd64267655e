import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { handler } from '../../../functions/performance/handler';
import { performanceListResponseSchema } from '@shared/performance/performance-list';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers, demoStack, syncLastDate, type DemoStack } from '../accounts/demo-accounts';

const today = { method: 'GET', path: '/api/performance/today' } as const;
const call = (claims?: Record<string, string>) =>
  invoke(handler, httpEvent(today, { ...(claims && { claims }) }));

let stack: DemoStack;

describe('GET /api/performance/today', () => {
  useFreshTable();

  beforeAll(async () => {
    stack = await demoStack({ seed: 'latest-performance', days: 3 });
  }, 60_000);

  afterAll(() => stack.dispose());

  it('answers an empty list with a null date before any sync', async () => {
    const answer = await call(callers.admin);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: [], meta: { date: null } });
  });

  it("answers every account's figures of the latest date, in the lists' group order", async () => {
    await syncLastDate(stack);
    await syncLastDate(stack);
    const latest = stack.demo.dates.at(-1)!;

    const answer = await call(callers.admin);

    expect(answer.status).toBe(200);
    const body = performanceListResponseSchema.parse(answer.body);
    expect(body.meta.date).toBe(latest);
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
    expect(first).toEqual({
      Account: day.Account,
      accountType: account.phase,
      rithmicStatus: account.rithmicStatus,
      traderEmail: account.email,
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

  it('refuses traders (403) and anonymous callers (401)', async () => {
    expect((await call(callers.owner)).status).toBe(403);
    expect((await call()).status).toBe(401);
  });
});
