import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredPerformance } from '../../../../functions/lib/repositories/performance-repository';
import { regenerateFrom, rejudgeAfterPayout } from '../../../../functions/lib/judging/rejudge';
import { accountRepository } from '../../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../../functions/lib/repositories/performance-repository';
import { directorySink, directorySource, generateDemoData } from '../../../../scripts/demo-data';
import type { DemoDataResult } from '../../../../scripts/demo-data/generate';
import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import type { Item } from '../../../../functions/lib/db/table';
import { createTable, scanAll } from '../../../support/fresh-table';
import { runSync } from '../../../support/run-sync';
import { useNewTable } from '../../sync/support/table-snapshot';

/*
 * Windows since the last payout through the judging of stored days (docs/rules-engine.md "Since the
 * last payout"): a funded account's payout, recorded before the nights that follow it, after them
 * (re-judged when paid), or found stale by a night, leaves the same judged days.
 */

const DAYS = 8;
/** The payout is dated on the 4th date: the 5th to 8th are its window. */
const PAYOUT_INDEX = 3;
let dir: string;
let demo: DemoDataResult;
let accountId: string;
let payoutDate: string;
/** The account's days as judged with the payout known from the start (the nightly case). */
let reference: StoredPerformance[];
/** The table after a sync of every date with no payout recorded, which two tests start from. */
let syncedWithoutPayout: Item[];

const judgedOf = (days: readonly StoredPerformance[]) =>
  days.map((day) => ({
    date: day.Date,
    judgedBy: day.judgedBy,
    state: day.engineState,
    conformance: day.conformance,
  }));

async function recordPayout(): Promise<void> {
  const account = (await accountRepository.get(accountId))!;
  await accountRepository.replace({
    ...account,
    accountSummary: {
      ...account.accountSummary!,
      payoutHistory: [{ date: payoutDate, amount: 250, reference: 'PAY-1' }],
    },
  });
}

const daysOf = async () => (await performanceRepository.listHistory(accountId)).days;
const sync = (dates: readonly string[]) =>
  runSync({ request: { dates: [...dates] }, source: directorySource(dir) });

/**
 * A new table holding what a sync of every date stored, copied from the one synced in `beforeAll`
 * (the same items; these tests are about judging after the payout, not the sync, which takes most
 * of the time).
 */
async function everyDateSynced(): Promise<void> {
  await createTable();
  // A copy of the counters with the rows they count: counting the rows again would change nothing.
  await batchPutAll(syncedWithoutPayout, { countAggregates: false });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'deskline-payout-window-'));
  demo = await generateDemoData(
    { traders: 6, days: DAYS, seed: 'judging-same' },
    directorySink(dir),
  );
  payoutDate = demo.dates[PAYOUT_INDEX]!;

  // A funded account (its phase counts payout days) with days on both sides of the payout.
  await useNewTable('payout-window-pick');
  await runSync({ count: DAYS, source: directorySource(dir) });
  const funded = [];
  for (const account of await accountRepository.listAll()) {
    if (account.accountSummary?.payoutDaysRequired == null) continue;
    const days = (await performanceRepository.listHistory(account.accountId)).days;
    const after = days.filter((day) => day.Date > payoutDate && day.Trades > 0);
    if (days.some((day) => day.Date <= payoutDate) && after.length >= 2) funded.push(account);
  }
  expect(funded.length).toBeGreaterThan(0);
  accountId = funded[0]!.accountId;
  syncedWithoutPayout = await scanAll();

  // The payout known before the nights after it.
  await useNewTable('payout-window-nightly');
  await sync(demo.dates.slice(0, PAYOUT_INDEX + 1));
  await recordPayout();
  await sync(demo.dates.slice(PAYOUT_INDEX + 1));
  reference = await daysOf();
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('nights after the payout count payout days and consistency from the first day after it', () => {
  const before = reference.filter((day) => day.Date <= payoutDate);
  const after = reference.filter((day) => day.Date > payoutDate);
  for (const day of before) expect(day.engineState?.payoutWindowAfter).toBeUndefined();
  let tradingDays = 0;
  let total = 0;
  for (const day of after) {
    expect(day.engineState?.payoutWindowAfter).toBe(payoutDate);
    const rules = day.conformance!.rules;
    const days = rules.find((rule) => rule.category === 'trading-days')!;
    const consistency = rules.find((rule) => rule.category === 'consistency');
    if (day.Trades > 0) tradingDays += 1;
    total = Math.round((total + day.NetPnl) * 100) / 100;
    // The count restarts at the window (never above the window's trading days).
    expect(days.currentValue).toBeLessThanOrEqual(tradingDays);
    if (consistency) expect(consistency.details).toMatchObject({ total });
  }
  // Some trading day after the payout counted, and the count is below the phase's whole count.
  const last = after.at(-1)!;
  expect(last.engineState!.tradingDays).toBeGreaterThan(tradingDays);
});

it('a payout recorded after the nights it precedes re-judges the account to the same days', async () => {
  await everyDateSynced();
  const withoutPayout = await daysOf();
  expect(judgedOf(withoutPayout)).not.toEqual(judgedOf(reference));

  await recordPayout();
  await expect(rejudgeAfterPayout(accountId)).resolves.toBe(withoutPayout.length);
  expect(judgedOf(await daysOf())).toEqual(judgedOf(reference));
  const account = (await accountRepository.get(accountId))!;
  expect(account.accountSummary?.payoutHistory).toEqual([
    { date: payoutDate, amount: 250, reference: 'PAY-1' },
  ]);
  expect(account.accountSummary?.payoutDaysCompleted).toBe(
    reference.at(-1)!.conformance!.rules.find((rule) => rule.category === 'trading-days')!
      .currentValue,
  );

  // Nothing left to correct: a second call judges nothing; a regenerate of the window agrees.
  await expect(rejudgeAfterPayout(accountId)).resolves.toBe(0);
  await regenerateFrom(accountId, demo.dates[PAYOUT_INDEX + 2]!);
  expect(judgedOf(await daysOf())).toEqual(judgedOf(reference));
}, 180_000);

it('a night that meets a state judged before a backdated payout re-judges it to the same days', async () => {
  await useNewTable('payout-window-stale');
  await sync(demo.dates.slice(0, DAYS - 1));
  await recordPayout();
  await sync(demo.dates.slice(DAYS - 1));
  expect(judgedOf(await daysOf())).toEqual(judgedOf(reference));
}, 180_000);

it('regenerating from a day after a backdated payout judges from the first day', async () => {
  await everyDateSynced();
  await recordPayout();
  await regenerateFrom(accountId, demo.dates.at(-1)!);
  expect(judgedOf(await daysOf())).toEqual(judgedOf(reference));
}, 180_000);
