import { handler as accountsHandler } from '../../../functions/accounts/handler';
import {
  accountRepository,
  type StoredAccount,
} from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { handler as programsHandler } from '../../../functions/programs/handler';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers } from '../../support/callers';
import { demoStack, syncAllButLast, syncLastDate, type DemoStack } from '../../support/demo-firm';
import { runJobsInTests, settled } from '../../support/jobs';

// Upgrades are background jobs, run here as on the local stack.
runJobsInTests();

const admin = callers.admin;

async function bumpVersion(prefix: string): Promise<number> {
  const current = (await programRepository.getCurrent(prefix))!;
  const saved = await programRepository.saveVersion({ ...current, version: current.version + 1 });
  return saved.version;
}

const putUpgrade = (accountId: string) =>
  invoke(
    accountsHandler,
    httpEvent(
      { method: 'PUT', path: '/api/accounts/{accountId}' },
      { pathParameters: { accountId }, claims: admin, body: { forceProgramUpdate: true } },
    ),
  );
const refresh = (accountId: string) =>
  invoke(
    accountsHandler,
    httpEvent(
      { method: 'POST', path: '/api/accounts/{accountId}/refresh' },
      { pathParameters: { accountId }, claims: admin },
    ),
  );

/** What a phase's progress is made of: it must survive an upgrade. */
const progressOf = (account: StoredAccount) => ({
  tradingDaysCompleted: account.accountSummary!.tradingDaysCompleted,
  peakBalance: account.accountSummary!.peakBalance,
  startDate: account.accountSummary!.startDate,
  totalTrades: account.accountSummary!.totalTrades,
});

async function judgedByOfDays(accountId: string): Promise<(string | null)[]> {
  const { days } = await performanceRepository.listHistory(accountId);
  return days.map((day) => day.judgedBy);
}

let stack: DemoStack;
/** Accounts with at least two trading days, by program prefix. */
const byProgram = new Map<string, StoredAccount[]>();

/** The demo firm synced up to its last date, its accounts with two trading days grouped. */
async function syncedFirm(): Promise<void> {
  stack = await demoStack({ seed: 'upgrade-rejudge', days: 6 });
  await syncAllButLast(stack);
  for (const account of await accountRepository.listAll()) {
    if (!account.program || (account.accountSummary?.tradingDaysCompleted ?? 0) < 2) continue;
    const group = byProgram.get(account.program.prefix) ?? [];
    group.push(account);
    byProgram.set(account.program.prefix, group);
  }
}

const forceAllUpdate = () =>
  invoke(
    accountsHandler,
    httpEvent({ method: 'POST', path: '/api/accounts/force-program-update' }, { claims: admin }),
  );

describe('program upgrades re-judge the account from its first day', () => {
  // Each test upgrades from the synced firm of its own: none sees another's versions.
  useFreshTable({ perTest: true, seed: syncedFirm });

  afterAll(() => stack.dispose());

  const programsWithTwoAccounts = () =>
    [...byProgram.entries()].filter(([, accounts]) => accounts.length >= 2);

  it('PUT /api/accounts/{id}: the account keeps its trading days and peak under the new version', async () => {
    const [prefix, [account]] = programsWithTwoAccounts()[0]!;
    const version = await bumpVersion(prefix);

    const answer = await putUpgrade(account!.accountId);

    expect(answer.status).toBe(202);
    expect(await settled(answer)).toMatchObject({ status: 'succeeded', counts: { updated: 1 } });
    const upgraded = (await accountRepository.get(account!.accountId))!;
    expect(upgraded.program).toMatchObject({ prefix, version });
    expect(progressOf(upgraded)).toEqual(progressOf(account!));
    expect(upgraded.engineStateKey).toBe(`${prefix}#${version}#${upgraded.program!.currentPhase}`);
    const judgedBy = await judgedByOfDays(account!.accountId);
    expect(judgedBy.length).toBeGreaterThan(1);
    expect(new Set(judgedBy)).toEqual(new Set([upgraded.engineStateKey]));
  });

  it('POST /api/programs/{prefix}/force-update-accounts: every account of the program keeps its progress', async () => {
    const [prefix, accounts] = programsWithTwoAccounts()[0]!;
    const version = await bumpVersion(prefix);

    const answer = await invoke(
      programsHandler,
      httpEvent(
        { method: 'POST', path: '/api/programs/{prefix}/force-update-accounts' },
        { pathParameters: { prefix }, claims: admin },
      ),
    );

    expect(answer.status).toBe(202);
    expect(await settled(answer)).toMatchObject({
      status: 'succeeded',
      subject: { prefix, programVersion: version },
      counts: { errors: 0 },
    });
    for (const account of accounts) {
      const upgraded = (await accountRepository.get(account.accountId))!;
      expect(upgraded.program!.version).toBe(version);
      expect(upgraded.engineStateKey).toBe(
        `${prefix}#${version}#${upgraded.program!.currentPhase}`,
      );
      expect(progressOf(upgraded)).toEqual(progressOf(account));
      expect(new Set(await judgedByOfDays(account.accountId))).toEqual(
        new Set([upgraded.engineStateKey]),
      );
    }
  });

  it('POST /api/accounts/force-program-update: Force All Update keeps the progress too', async () => {
    const [prefix, accounts] = [...byProgram.entries()].find(
      ([candidate]) => candidate !== programsWithTwoAccounts()[0]![0],
    )!;
    const version = await bumpVersion(prefix);

    const answer = await forceAllUpdate();

    expect(answer.status).toBe(202);
    expect((await settled(answer)).status).toBe('succeeded');
    for (const account of accounts) {
      const upgraded = (await accountRepository.get(account.accountId))!;
      expect(upgraded.program!.version).toBe(version);
      expect(upgraded.engineStateKey).toBe(
        `${prefix}#${version}#${upgraded.program!.currentPhase}`,
      );
      expect(progressOf(upgraded)).toEqual(progressOf(account));
    }
  });

  it('the next synced day continues the upgraded phase; a reset account starts afresh after its last day', async () => {
    for (const prefix of byProgram.keys()) await bumpVersion(prefix);
    expect((await settled(await forceAllUpdate())).status).toBe('succeeded');
    const upgraded = [...byProgram.values()].flat();
    const resetTarget = upgraded.at(-1)!;
    const resetAnswer = await invoke(
      accountsHandler,
      httpEvent(
        { method: 'POST', path: '/api/accounts/{accountId}/reset' },
        { pathParameters: { accountId: resetTarget.accountId }, claims: admin },
      ),
    );
    expect(resetAnswer.status).toBe(200);
    const lastDate = stack.demo.dates.at(-1)!;

    await syncLastDate(stack);

    const checked: string[] = [];
    for (const account of upgraded) {
      const synced = (await accountRepository.get(account.accountId))!;
      const day = await performanceRepository.getStoredDay(account.accountId, lastDate);
      if (!day) continue;
      checked.push(account.accountId);
      // Judging the whole history again gives what the nightly sync gave: the phase carried over.
      expect((await refresh(account.accountId)).status).toBe(200);
      const rejudged = (await accountRepository.get(account.accountId))!;
      // The same judgement; Refresh stamps its own check time.
      expect({ ...rejudged.accountSummary, lastconformanceCheck: null }).toEqual({
        ...synced.accountSummary,
        lastconformanceCheck: null,
      });
      if (account.accountId === resetTarget.accountId) {
        expect(day.judgedBy).toMatch(/#reset1$/);
        expect(synced.accountSummary!.startDate).toBe(lastDate);
        expect(synced.accountSummary!.tradingDaysCompleted).toBeLessThanOrEqual(1);
        expect(synced.accountSummary!.startingBalance).toBe(
          synced.program!.currentPhaseData.startingBalance,
        );
      } else {
        expect(day.judgedBy).toBe(synced.engineStateKey);
        expect(synced.accountSummary!.tradingDaysCompleted).toBeGreaterThanOrEqual(
          account.accountSummary!.tradingDaysCompleted,
        );
        expect(synced.accountSummary!.startDate).toBe(account.accountSummary!.startDate);
      }
    }
    expect(checked).toContain(resetTarget.accountId);
    expect(checked.length).toBeGreaterThan(2);
  }, 60_000);
});
