import { programSchema } from '@shared/programs/program';
import { BatchWriter } from '../../../../functions/lib/db/batch-writer';
import type { Item } from '../../../../functions/lib/db/table';
import { applyJudgedDay, judgedDayItems } from '../../../../functions/lib/judging/apply-day';
import { Judge, ProgramCatalog } from '../../../../functions/lib/judging/judge';
import {
  accountRepository,
  type StoredAccount,
} from '../../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../../functions/lib/repositories/performance-repository';
import { benchDefinitions, benchPhase } from '../../../../scripts/bench/engine-data';
import { failedAccountDay } from '../../../../scripts/bench/failed-account';
import { accountOn } from '../../../support/accounts';
import { useFreshTable } from '../../../support/fresh-table';

/*
 * A failed account that keeps trading, judged night after night for 1,000 days through the judge and
 * the day's write (apply-day.ts) into the table: every item it stores stays under 64 KB, the account's
 * state and summary stay the size they had on day 30, and each day's violations are read back from
 * that day's own item.
 */

const DAYS = 1_000;
const LIMIT_KB = 64;
const STORED = new Set([29, 499, DAYS - 1]);
const sizeKb = (item: unknown) => Buffer.byteLength(JSON.stringify(item)) / 1024;

const program = programSchema.parse({
  prefix: 'BENCH',
  name: 'Bench evaluation',
  description: 'The engine bench’s phase',
  type: 'eval',
  status: 'active',
  currentPhase: benchPhase.phaseId,
  createdBy: 'admin',
  version: 1,
  phases: [benchPhase],
  urls: {},
});

useFreshTable();

it('keeps every stored item of a failed account under 64 KB for 1,000 days, its history by day', async () => {
  const judge = new Judge(
    new ProgramCatalog(new Map([[program.prefix, program]])),
    benchDefinitions,
  );
  const base = accountOn('BENCH-000001', 'BENCH');
  let account = {
    ...base,
    program: { ...base.program!, currentPhase: benchPhase.phaseId },
    status: 'active',
  } as StoredAccount;
  const writer = new BatchWriter();
  let prior: { state: NonNullable<StoredAccount['engineState']>; judgedBy: string } | undefined;
  let largest = { kb: 0, sk: '' };
  const accountKb: number[] = [];
  for (let index = 0; index < DAYS; index += 1) {
    const input = failedAccountDay(index);
    const fileModified = new Date(Date.UTC(2024, 0, 2) + index * 86_400_000).toISOString();
    const judged = await judge.judgeDay(account, prior, {
      date: input.date,
      performance: input.performance!,
      fills: input.fills!,
      trades: input.trades!,
    });
    expect(judged).toBeDefined();
    const day = {
      Account: account.accountId,
      Date: input.date,
      ...input.performance!,
      traderId: account.traderId,
      fileModifiedDate: fileModified,
    };
    const items: Item[] = judgedDayItems(day, judged);
    account = await applyJudgedDay(
      account,
      { date: input.date, judged: judged!, fileModified, failures: [], recorded: undefined },
      judge,
      writer,
    );
    const accountItem = accountRepository.itemOf(account);
    for (const item of [...items, accountItem]) {
      const kb = sizeKb(item);
      if (kb > largest.kb) largest = { kb, sk: String(item.SK) };
    }
    accountKb.push(sizeKb(accountItem));
    // Measured every day; stored for the days read back below (and the last), to stay in seconds.
    if (STORED.has(index)) for (const item of [...items, accountItem]) await writer.put(item);
    prior = { state: judged!.state, judgedBy: judged!.judgedBy };
  }
  await writer.flush();

  expect(account.status).toBe('failed');
  expect(account.engineState!.violationLog.count).toBe(DAYS + 2);
  expect(largest.kb).toBeLessThan(LIMIT_KB);
  // Flat: the account's item on day 1,000 is the size it had on day 30.
  expect(Math.abs(accountKb[DAYS - 1]! - accountKb[29]!)).toBeLessThan(0.2);

  // The history stays queryable: day 500's violations are on day 500's stored item.
  const date500 = failedAccountDay(499).date;
  const day500 = await performanceRepository.getStoredDay(account.accountId, date500);
  expect(day500?.conformance?.newViolations).toEqual([
    expect.objectContaining({ ruleId: 'daily-loss', date: date500 }),
  ]);
  const stored = await accountRepository.get(account.accountId);
  expect(stored?.engineState?.violationLog.rules['daily-loss']?.count).toBe(DAYS);
  expect(stored?.accountSummary?.decisiveBreach?.date).toBe('20240101');
}, 60_000);
