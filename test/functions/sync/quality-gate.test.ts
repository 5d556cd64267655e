import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Caller } from '../../../functions/lib/auth-context';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { qualityRepository } from '../../../functions/lib/repositories/quality-repository';
import { runSync } from '../../support/run-sync';
import type { SyncSummary } from '@shared/sync/sync-run';
import { releaseHold, voidDate } from '../../../functions/sync/quality-actions';
import { regenerateFrom } from '../../../functions/lib/judging/rejudge';
import {
  demoPrograms,
  demoRules,
  directorySink,
  directorySource,
  generateDemoData,
  type DemoDataResult,
} from '../../../scripts/demo-data';
import { seedPrograms, seedRules } from '../../../scripts/local-stack/seed';
import { batchPutAll } from '../../../functions/lib/db/batch-writer';
import type { Item } from '../../../functions/lib/db/table';
import { scanAll, useFreshTable } from '../../support/fresh-table';
import { finishedJob, runJobsInTests } from '../../support/jobs';

// A void re-judges its accounts in a background job, run here as on the local stack.
runJobsInTests();

/** Voids, and waits for the job that re-judges the accounts. */
async function voided(...args: Parameters<typeof voidDate>) {
  const job = await voidDate(...args);
  expect(job).toMatchObject({ kind: 'date-void', status: 'queued' });
  return finishedJob(job.jobId);
}

const staff: Caller = {
  userId: 'staff-1',
  email: 'staff@example.com',
  groups: ['admin'],
  role: 'admin',
};

let cleanDir: string;
let heldDir: string;
let demo: DemoDataResult;
const scenario = (name: string) => {
  const found = demo.manifest.scenarios.find((entry) => entry.name === name);
  if (!found) throw new Error(`No scenario ${name}`);
  return found;
};
let dailyLoss: { accountId: string; failedOn: string };
let bust: { accountId: string; failedOn: string };
let cleanSync: SyncSummary;

/** Rewrites the rows of one file of one date that `match`, through `change` (cells by column). */
function editRows(
  date: string,
  kind: string,
  match: (row: Record<string, string>) => boolean,
  change: (row: Record<string, string>) => Record<string, string>[],
): void {
  const file = join(heldDir, 'broker', date, `${kind}.csv`);
  const [header, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  const columns = header!.split(',');
  const out = [header!];
  for (const line of lines) {
    const cells = line.split(',');
    const row = Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
    const rows = match(row) ? change(row) : [row];
    for (const next of rows) out.push(columns.map((column) => next[column] ?? '').join(','));
  }
  writeFileSync(file, `${out.join('\n')}\n`);
}

/** The same generated days twice: as the generator wrote them, and with two breaches to hold. */
beforeAll(async () => {
  cleanDir = mkdtempSync(join(tmpdir(), 'deskline-quality-'));
  heldDir = mkdtempSync(join(tmpdir(), 'deskline-quality-held-'));
  demo = await generateDemoData(
    { traders: 6, days: 8, seed: 'sync-test' },
    directorySink(cleanDir),
  );
  await generateDemoData({ traders: 6, days: 8, seed: 'sync-test' }, directorySink(heldDir));
  const loss = scenario('daily-loss-breach');
  const trailing = scenario('trailing-drawdown-bust');
  dailyLoss = { accountId: loss.accountId, failedOn: loss.failedOn! };
  bust = { accountId: trailing.accountId, failedOn: trailing.failedOn! };
  // The broker's AcctBal of the daily-loss breach day is 100.00 off its previous balance plus NetPnl.
  editRows(
    dailyLoss.failedOn,
    'daily-performance',
    (row) => row.Account === dailyLoss.accountId,
    (row) => [
      {
        ...row,
        AcctBal: (Number(row.AcctBal) + 100).toFixed(2),
        CashBal: (Number(row.CashBal) + 100).toFixed(2),
      },
    ],
  );
  // Also a duplicated fill row on the trailing-drawdown bust's breach day.
  editRows(
    bust.failedOn,
    'daily-fills',
    (row) => row.Account === bust.accountId,
    (row) => [row, row],
  );
}, 60_000);

afterAll(() => {
  rmSync(cleanDir, { recursive: true, force: true });
  rmSync(heldDir, { recursive: true, force: true });
});

/** What `syncedClean` stored, once synced: both blocks start from it. */
let cleanItems: Item[] | undefined;

/**
 * The demo catalogue, then the eight generated dates synced as the generator wrote them: synced once
 * for the file (most of its time is syncs), copied into the current table after.
 */
async function syncedClean(): Promise<void> {
  if (cleanItems) {
    // The counters come with the rows they count: counting the rows again would change nothing.
    await batchPutAll(cleanItems, { countAggregates: false });
    return;
  }
  const createdAt = '2026-01-01T00:00:00.000Z';
  await seedRules(demoRules(createdAt));
  await seedPrograms(demoPrograms(createdAt));
  cleanSync = (await runSync({ count: 8, source: directorySource(cleanDir) })).summary;
  cleanItems = await scanAll();
}

/** Syncs the days with the two breaches, judging both accounts from scratch as on a fresh table. */
async function syncHeldDir(): Promise<SyncSummary> {
  for (const id of [dailyLoss.accountId, bust.accountId]) {
    const account = await accountRepository.get(id);
    const {
      engineState: _s,
      engineStateDate: _d,
      engineStateKey: _k,
      accountSummary: _a,
      ...rest
    } = account!;
    await accountRepository.replace({ ...rest, status: 'active' });
  }
  return (await runSync({ count: 8, source: directorySource(heldDir) })).summary;
}

describe('input-quality gate over generated broker files (dynalite)', () => {
  // Each test starts from its own copy of the synced days: holding, voiding and re-running write.
  useFreshTable({ perTest: true, seed: syncedClean });

  it('the generated files themselves hold nothing: every account is continuous and in session', async () => {
    expect(cleanSync.heldBreaches).toBe(0);
    expect(await qualityRepository.listHoldsByState('held')).toEqual([]);
    expect((await accountRepository.get(dailyLoss.accountId))?.status).toBe('failed');
  });

  it('holds a breach decided on a balance jump: the day is judged and stored, the status stays', async () => {
    const { accountId, failedOn } = dailyLoss;
    const summary = await syncHeldDir();

    expect(summary.heldBreaches).toBe(2);
    const hold = await qualityRepository.getHold(accountId, failedOn);
    expect(hold).toMatchObject({
      accountId,
      date: failedOn,
      state: 'held',
      decidedStatus: 'failed',
      previousStatus: 'active',
    });
    expect(hold?.failures).toHaveLength(1);
    expect(hold?.failures[0]).toMatchObject({
      check: 'balance-continuity',
      figures: { difference: 100 },
    });
    const account = await accountRepository.get(accountId);
    expect(account?.status).toBe('active');
    expect(account?.accountSummary?.accountStatus).toBe('active');
    expect(account?.accountSummary?.phaseFailedDate).toBe(failedOn);
    expect(account?.statusHold).toEqual({ date: failedOn, status: 'failed' });
    const day = await performanceRepository.getStoredDay(accountId, failedOn);
    expect(day?.conformance?.overallStatus).toBe('violation');

    const duplicate = await qualityRepository.getHold(bust.accountId, bust.failedOn);
    expect(duplicate?.failures.map((failure) => failure.check)).toEqual(['duplicate-fill-ids']);
    expect((await accountRepository.get(bust.accountId))?.status).toBe('active');
  }, 120_000);

  it('voiding a date for every account removes it from the dates and re-judges them all', async () => {
    const last = demo.dates.at(-1)!;
    const previous = demo.dates.at(-2)!;
    const accounts = (await performanceRepository.listByDate(last)).map((day) => day.Account);
    expect(accounts.length).toBeGreaterThan(1);

    const result = await voided({ date: last, reason: 'Broker resent the day' }, staff);

    expect(result).toMatchObject({ status: 'succeeded', total: accounts.length });
    expect(result.counts.updated).toBe(accounts.length);
    expect(await performanceRepository.listByDate(last)).toEqual([]);
    expect(await performanceRepository.listSummaryRowsByDate(last)).toEqual([]);
    expect(await performanceRepository.latestDates(1)).toEqual([previous]);
    for (const accountId of accounts) {
      const account = await accountRepository.get(accountId);
      if (account?.engineStateDate) expect(account.engineStateDate <= previous).toBe(true);
    }
    expect(await qualityRepository.listVoidsOfDate(last)).toHaveLength(accounts.length);
    // A retry finds nothing left to void and keeps the voids already made.
    const again = await voided({ date: last, reason: 'Broker resent the day' }, staff);
    expect(again).toMatchObject({ status: 'succeeded', total: 0 });
    expect(await qualityRepository.listVoidsOfDate(last)).toHaveLength(accounts.length);
  }, 120_000);

  it('refuses to void an account without data on the date, writing nothing', async () => {
    const date = demo.dates[0]!;
    await expect(
      voidDate({ date, accountIds: ['NO-SUCH-ACCOUNT'], reason: 'x' }, staff),
    ).rejects.toThrow(/No synced data on .* for NO-SUCH-ACCOUNT/);
    expect(await qualityRepository.listVoidsOfDate(date)).toEqual([]);
  });
});

describe('input-quality gate with two breaches held (dynalite)', () => {
  // Each test starts from its own copy of the held days: releasing, voiding and re-running write.
  useFreshTable({
    perTest: true,
    seed: async () => {
      await syncedClean();
      await syncHeldDir();
    },
  });

  it('a re-run keeps the holds as they are', async () => {
    const { summary } = await runSync({ count: 8, source: directorySource(heldDir) });
    expect(summary.heldBreaches).toBe(2);
    expect((await accountRepository.get(dailyLoss.accountId))?.status).toBe('active');
  });

  it('a regenerate of the account holds the same way', async () => {
    await regenerateFrom(dailyLoss.accountId, demo.dates[0]!);
    const account = await accountRepository.get(dailyLoss.accountId);
    expect(account?.status).toBe('active');
    expect(account?.statusHold).toEqual({ date: dailyLoss.failedOn, status: 'failed' });
  });

  it('releasing applies the status the judgement decided, and records who and why', async () => {
    const { accountId, failedOn } = dailyLoss;
    const released = await releaseHold(accountId, failedOn, staff, 'Broker confirmed a deposit');
    expect(released).toMatchObject({
      state: 'released',
      resolvedBy: 'staff@example.com',
      reason: 'Broker confirmed a deposit',
    });
    const account = await accountRepository.get(accountId);
    expect(account?.status).toBe('failed');
    expect(account?.accountSummary?.accountStatus).toBe('failed');
    expect(account?.statusHold).toBeUndefined();
    // Released stays released through a re-run and a full re-judgement.
    await runSync({ count: 8, source: directorySource(heldDir) });
    await regenerateFrom(accountId, demo.dates[0]!);
    expect((await accountRepository.get(accountId))?.status).toBe('failed');
    expect((await qualityRepository.getHold(accountId, failedOn))?.state).toBe('released');
    // A repeated release answers the same hold.
    expect(await releaseHold(accountId, failedOn, staff, 'again')).toEqual(released);
  }, 120_000);

  it('voiding a held date for one account re-judges it without that day', async () => {
    const { accountId, failedOn } = bust;
    const before = await accountRepository.get(accountId);
    const result = await voided(
      { date: failedOn, accountIds: [accountId], reason: 'Bad fills' },
      staff,
    );

    expect(result).toMatchObject({ subject: { date: failedOn }, total: 1, done: 1 });
    expect(await qualityRepository.listVoidsOfDate(failedOn)).toEqual([
      expect.objectContaining({ accountId, voidedBy: 'staff@example.com', reason: 'Bad fills' }),
    ]);
    expect(await performanceRepository.getStoredDay(accountId, failedOn)).toBeUndefined();
    expect((await qualityRepository.getHold(accountId, failedOn))?.state).toBe('voided');
    const after = await accountRepository.get(accountId);
    expect(after?.engineState?.daysEvaluated).toBe(before!.engineState!.daysEvaluated - 1);
    expect(after?.accountSummary?.phaseFailedDate).not.toBe(failedOn);
    // The other accounts of the date still count.
    expect((await performanceRepository.listByDate(failedOn)).length).toBeGreaterThan(0);

    // A sync of the date again leaves the voided account-date out.
    await runSync({ count: 8, source: directorySource(heldDir) });
    expect(await performanceRepository.getStoredDay(accountId, failedOn)).toBeUndefined();
    expect((await qualityRepository.listVoidsOfDate(failedOn)).map((v) => v.accountId)).toEqual([
      accountId,
    ]);
  }, 120_000);

  it("voiding the continuity failure's date re-judges that account without it", async () => {
    const { accountId, failedOn } = dailyLoss;
    const before = await accountRepository.get(accountId);
    await voided({ date: failedOn, accountIds: [accountId], reason: 'Balance was wrong' }, staff);

    expect(await performanceRepository.getStoredDay(accountId, failedOn)).toBeUndefined();
    expect((await qualityRepository.getHold(accountId, failedOn))?.state).toBe('voided');
    const after = await accountRepository.get(accountId);
    expect(after?.engineState?.daysEvaluated).toBe(before!.engineState!.daysEvaluated - 1);
    expect(after?.accountSummary?.phaseFailedDate).not.toBe(failedOn);
  }, 120_000);
});
