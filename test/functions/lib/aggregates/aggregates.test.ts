import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  LISTS,
  countAccount,
  dayScope,
  DASHBOARD_SCOPE,
} from '../../../../functions/lib/aggregates/account-aggregates';
import {
  readKept,
  recountAccounts,
  recountSummaryRows,
  repairAccountAggregates,
} from '../../../../functions/lib/aggregates/recount';
import {
  latestGroupsScope,
  summaryAccountScope,
  summaryDayScope,
} from '../../../../functions/lib/aggregates/summary-aggregates';
import {
  PROGRAMS_SCOPE,
  programAccountsList,
  readProgramVersionCounts,
} from '../../../../functions/lib/aggregates/program-counts';
import { dynamoDocumentClient } from '../../../../functions/lib/aws/dynamodb';
import { startJob } from '../../../../functions/lib/jobs/job-runs';
import { countOutdatedAccounts } from '../../../../functions/lib/judging/program-upgrade';
import { programRepository } from '../../../../functions/lib/repositories/program-repository';
import { regenerateFrom } from '../../../../functions/lib/judging/rejudge';
import { accountRepository } from '../../../../functions/lib/repositories/account-repository';
import { voidDate } from '../../../../functions/sync/quality-actions';
import { finishedJob, runJobsInTests } from '../../../support/jobs';
import { useFreshTable } from '../../../support/fresh-table';
import { staffCaller as staff } from '../../../support/callers';
import { demoStack, syncAll, type DemoStack } from '../../../support/demo-firm';
import { runSync } from '../../../support/run-sync';

let stack: DemoStack;
let dates: string[];

async function syncedFirm() {
  stack = await demoStack({ seed: 'aggregates', days: 6 });
  // Two shards counting at once, as a sharded night does.
  dates = (await runSync({ count: 30, source: stack.source, shards: 2 })).dates;
}

/** The kept counters and lists against a full re-count of the stored accounts. */
async function expectKeptEqualsRecount(): Promise<void> {
  const recount = await recountAccounts();
  const scopes = [DASHBOARD_SCOPE, ...dates.map(dayScope), ...Object.keys(recount.counters)];
  const lists = [
    LISTS.accounts,
    LISTS.top,
    LISTS.violations,
    LISTS.failures,
    LISTS.needsAttention,
    LISTS.closestToBreach,
    ...dates.flatMap((date) => [LISTS.failedOn(date), LISTS.passedOn(date)]),
    ...Object.keys(recount.lists),
  ];
  const kept = await readKept([...new Set(scopes)], [...new Set(lists)]);
  expect(kept.counters).toEqual(recount.counters);
  expect(kept.lists).toEqual(recount.lists);
  // The firm summary's totals: every date's kept counters against its stored summary rows.
  // The firm and trader summaries' totals and Latest Performance's group counts: every date's and
  // account's kept counters against the stored summary rows.
  const rows = await recountSummaryRows(dates);
  const summaries = await readKept(
    [
      ...new Set([
        ...dates.flatMap((date) => [summaryDayScope(date), latestGroupsScope(date)]),
        ...(await accountRepository.listAll()).map((a) => summaryAccountScope(a.accountId)),
        ...Object.keys(rows),
      ]),
    ],
    [],
  );
  expect(summaries.counters).toEqual(rows);
  expect(Object.keys(rows).filter((scope) => scope.startsWith('perfday#')).length).toBeGreaterThan(
    0,
  );
}

describe('kept aggregates equal a full re-count', () => {
  useFreshTable({ perTest: true, seed: syncedFirm });
  runJobsInTests();

  afterAll(() => stack.dispose());

  it('after a sync: every account counted, failed and passed ones on their day', async () => {
    await expectKeptEqualsRecount();
    const recount = await recountAccounts();
    const accounts = await accountRepository.listAll();
    expect(recount.counters[DASHBOARD_SCOPE]!.total).toBe(accounts.length);
    // Every account the sync attached to a program is counted on it and listed with its version.
    const attached = accounts.filter((account) => account.program);
    expect(attached.length).toBeGreaterThan(0);
    expect(
      Object.values(recount.counters[PROGRAMS_SCOPE]!).reduce((sum, count) => sum + count, 0),
    ).toBe(attached.length);
    const prefix = attached[0]!.program!.prefix;
    expect(recount.lists[programAccountsList(prefix)]).toEqual(
      attached
        .filter((account) => account.program!.prefix === prefix)
        .map((account) => account.accountId)
        .sort(),
    );
    // The demo firm fails some accounts: the failures list holds them all.
    expect(recount.counters[DASHBOARD_SCOPE]!.failures ?? 0).toBeGreaterThan(0);
  });

  it('after a re-run of the same night: nothing counted twice, nothing left to repair', async () => {
    await syncAll(stack);
    await expectKeptEqualsRecount();
    expect(await repairAccountAggregates()).toBe(0);
  });

  it('after a re-judge of an account from its first day', async () => {
    const failed = (await accountRepository.listAll()).find(
      (account) => account.accountSummary?.phaseFailedDate,
    )!;
    await regenerateFrom(failed.accountId, dates[0]!);
    await expectKeptEqualsRecount();
    expect(await repairAccountAggregates()).toBe(0);
  });

  it('after a void of a date (its failures and passes move or go)', async () => {
    const last = dates.at(-1)!;
    // A void runs as a background job (functions/lib/jobs): its accounts are counted as it stores them.
    await finishedJob(
      (await voidDate({ date: last, reason: 'Broker resent the day' }, staff)).jobId,
    );
    await expectKeptEqualsRecount();
    // A retried void changes nothing.
    await finishedJob(
      (await voidDate({ date: last, reason: 'Broker resent the day' }, staff)).jobId,
    );
    await expectKeptEqualsRecount();
  });

  it('after a status change stored directly (a released hold, a payout): the store counts it', async () => {
    const account = (await accountRepository.listAll()).find((a) => a.accountSummary)!;
    await accountRepository.replace({
      ...account,
      status: 'failed',
      accountSummary: {
        ...account.accountSummary!,
        accountStatus: 'failed',
        phaseFailed: true,
        phaseFailedDate: dates.at(-1)!,
      },
    });
    await expectKeptEqualsRecount();
  });

  it('after a program upgrade: its accounts counted on the new version, none outdated', async () => {
    const prefix = (await accountRepository.listAll()).find((a) => a.program)!.program!.prefix;
    const before = await readProgramVersionCounts(prefix);
    const current = (await programRepository.getCurrent(prefix))!;
    const saved = await programRepository.saveVersion({ ...current, version: current.version + 1 });
    expect(await countOutdatedAccounts(prefix, saved.version)).toBe(
      [...before.values()].reduce((sum, count) => sum + count, 0),
    );

    const job = await startJob({
      kind: 'program-upgrade',
      subject: { prefix, programVersion: saved.version },
      startedBy: 'test',
    });
    expect((await finishedJob(job.jobId)).status).toBe('succeeded');

    await expectKeptEqualsRecount();
    expect(await countOutdatedAccounts(prefix, saved.version)).toBe(0);
    expect([...(await readProgramVersionCounts(prefix)).keys()]).toEqual([saved.version]);
  });

  it('finishes a count interrupted after its marker was written, adding its deltas once', async () => {
    const account = (await accountRepository.listAll()).find((a) => a.accountSummary)!;
    const changed = {
      ...account,
      rithmicStatus: 'Inactive' as const,
      // Two counter scopes change: the dashboard's and the day it passed on.
      accountSummary: {
        ...account.accountSummary!,
        accountStatus: 'passed' as const,
        phasePassed: true,
        phasePassedDate: '20990101',
      },
    };
    const client = dynamoDocumentClient();
    const send = client.send.bind(client);
    let failures = 0;
    const spy = jest.spyOn(client, 'send').mockImplementation(((command: unknown) => {
      const input = (command as UpdateCommand).input;
      // The second counter update of the count fails (the first one went through).
      if (
        command instanceof UpdateCommand &&
        input.UpdateExpression?.startsWith('SET #token') &&
        (failures += 1) === 2
      )
        return Promise.reject(new Error('The connection dropped'));
      return send(command as never);
    }) as never);
    try {
      await expect(countAccount(changed)).rejects.toThrow('The connection dropped');
    } finally {
      spy.mockRestore();
    }
    expect(failures).toBe(2);
    // The count is retried (the sync's retry): it finishes the pending work without adding the first
    // scope's deltas again; once more, it has nothing to write.
    await countAccount(changed);
    expect(await countAccount(changed)).toBe(false);
    await accountRepository.replace(changed);
    await expectKeptEqualsRecount();
  });
});
