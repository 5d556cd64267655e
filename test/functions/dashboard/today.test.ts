import { handler } from '../../../functions/dashboard/handler';
import {
  accountRepository,
  type StoredAccount,
} from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { todayResponseSchema, type TodayData } from '@shared/dashboard/today';
import { roomToBreachOf, tightestRoom } from '@shared/rules/limit-distance';
import type { SyncRun, SyncSummary } from '@shared/sync/sync-run';
import { dailyLossBreach } from '../../support/accounts';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers } from '../../support/callers';
import { demoStack, type DemoStack } from '../../support/demo-firm';
import { runSync } from '../../support/run-sync';

const today = { method: 'GET', path: '/api/account-summaries/admin/today' } as const;

let stack: DemoStack;
let accounts: StoredAccount[];
let lastDate: string;

const run = (runId: string, startedAt: string, summary: SyncRun['summary']): SyncRun => ({
  runId,
  trigger: 'schedule',
  status: 'succeeded',
  count: 1,
  dates: [lastDate],
  startedAt,
  finishedAt: startedAt,
  summary,
});

async function syncedFirm() {
  stack = await demoStack({ seed: 'today', days: 6 });
  const outcome = await runSync({ count: 30, source: stack.source });
  lastDate = outcome.dates.at(-1)!;
  // An older run, then last night's: 3 refused rows over two kinds, 2 held breaches.
  await syncRepository.saveRun(run('run-old', '2026-11-01T06:00:00.000Z', outcome.summary));
  await syncRepository.saveRun(
    run('run-last', '2026-11-02T06:00:00.000Z', {
      ...outcome.summary,
      rejectedRecords: {
        ...Object.fromEntries(Object.keys(outcome.summary.rejectedRecords).map((k) => [k, 0])),
        'daily-fills': 2,
        'daily-trades': 1,
      } as SyncSummary['rejectedRecords'],
      heldBreaches: 2,
    }),
  );
  // One account failed and one passed on the last date (the rest of their summaries kept).
  const judged = (await accountRepository.listAll()).filter(
    (account) => account.accountSummary?.accountStatus === 'active',
  );
  const breach = dailyLossBreach(lastDate);
  await accountRepository.replace({
    ...judged[0]!,
    accountSummary: {
      ...judged[0]!.accountSummary!,
      accountStatus: 'failed',
      phaseFailed: true,
      phaseFailedDate: lastDate,
      decisiveBreach: breach,
    },
  });
  await accountRepository.replace({
    ...judged[1]!,
    accountSummary: {
      ...judged[1]!.accountSummary!,
      accountStatus: 'passed',
      phasePassed: true,
      phasePassedDate: lastDate,
    },
  });
  accounts = await accountRepository.listAll();
}

async function todayData(): Promise<TodayData> {
  const answer = await invoke(handler, httpEvent(today, { claims: callers.admin }));
  expect(answer.status).toBe(200);
  return todayResponseSchema.parse(answer.body).data;
}

describe('Today at a glance', () => {
  useFreshTable({ seed: syncedFirm });

  afterAll(() => stack.dispose());

  it('answers last night’s run with its refused rows and held breaches', async () => {
    const data = await todayData();

    expect(data.date).toBe(lastDate);
    expect(data.lastRun).toMatchObject({
      runId: 'run-last',
      status: 'succeeded',
      rejectedRows: 3,
      heldBreaches: 2,
    });
  });

  it('lists the accounts that failed, with their decisive rule, and passed on the day', async () => {
    const data = await todayData();
    const failed = accounts.filter((a) => a.accountSummary?.phaseFailedDate === lastDate);
    const passed = accounts.filter((a) => a.accountSummary?.phasePassedDate === lastDate);

    expect(failed.length).toBeGreaterThan(0);
    expect(data.failed.count).toBe(failed.length);
    expect(data.failed.accounts.map((a) => a.accountId)).toEqual(
      failed
        .map((a) => a.accountId)
        .sort()
        .slice(0, 5),
    );
    for (const entry of data.failed.accounts) {
      const account = accounts.find((a) => a.accountId === entry.accountId)!;
      expect(entry).toMatchObject({ traderId: account.traderId, name: account.name });
      expect(entry.decisiveBreach).toEqual(account.accountSummary!.decisiveBreach);
    }
    expect(data.failed.accounts.some((a) => a.decisiveBreach?.name === 'Daily Loss Limit')).toBe(
      true,
    );
    expect(data.passed.count).toBe(passed.length);
    expect(data.passed.accounts.map((a) => a.accountId)).toContain(
      passed.find((a) => a.accountSummary?.phasePassed)!.accountId,
    );
  });

  it('ranks the active accounts by their tightest room, as the accounts list sorts by room', async () => {
    const data = await todayData();
    const expected = accounts
      .filter((a) => a.rithmicStatus === 'Active')
      .flatMap((a) => {
        const tightest = tightestRoom(roomToBreachOf(a.accountSummary));
        return tightest
          ? [{ accountId: a.accountId, room: tightest.room, roomShare: tightest.share }]
          : [];
      })
      .sort(
        (a, b) =>
          a.roomShare - b.roomShare || a.room - b.room || a.accountId.localeCompare(b.accountId),
      )
      .slice(0, 5);

    expect(data.closestToBreach.length).toBeGreaterThan(0);
    expect(
      data.closestToBreach.map(({ accountId, room, roomShare }) => ({
        accountId,
        room,
        roomShare,
      })),
    ).toEqual(expected);
    const failedIds = accounts
      .filter((a) => a.accountSummary?.accountStatus !== 'active')
      .map((a) => a.accountId);
    for (const entry of data.closestToBreach) expect(failedIds).not.toContain(entry.accountId);
  });

  it('lists the day’s worst losses with the traders’ names', async () => {
    const data = await todayData();
    const day = await performanceRepository.listFiguresByDate(lastDate);
    const losers = day
      .filter((row) => row.NetPnl < 0)
      .sort((a, b) => a.NetPnl - b.NetPnl)
      .slice(0, 5);

    expect(data.worstPnl.map((row) => [row.accountId, row.netPnl])).toEqual(
      losers.map((row) => [row.Account, row.NetPnl]),
    );
    for (const row of data.worstPnl) {
      expect(row.name).toBe(accounts.find((a) => a.accountId === row.accountId)!.name);
    }
  });

  it('is staff only', async () => {
    expect((await invoke(handler, httpEvent(today, { claims: callers.owner }))).status).toBe(403);
    expect((await invoke(handler, httpEvent(today))).status).toBe(401);
  });
});
