import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refreshAccount } from '../../../../functions/accounts/account-actions';
import {
  loadJudge,
  regenerateFrom,
  rejudgeAccount,
} from '../../../../functions/lib/judging/rejudge';
import { accountRepository } from '../../../../functions/lib/repositories/account-repository';
import { directorySink, directorySource, generateDemoData } from '../../../../scripts/demo-data';
import { useFreshTable } from '../../../support/fresh-table';
import { runSync } from '../../../support/run-sync';
import { tableContents, useNewTable, type Item } from '../../sync/support/table-snapshot';

/*
 * A nightly sync judges each account-day as its date comes in (functions/sync/judge-date.ts); a
 * Refresh, a reset, a regenerate or a program upgrade judges the stored days again
 * (functions/lib/judging/rejudge.ts). Both apply a judged day through one function, so judging the
 * same days either way must leave the same table: the accounts, their day items and any held breach.
 */

let dir: string;
let afterNight: Item[];
let accountIds: string[];

const DAYS = 8;
/**
 * Every scripted account of the demo (busts, passes, funded, inactive: 15 of them) and the organic
 * accounts of 2 traders. Each re-judging test goes through the accounts one at a time under the sync
 * lock, so each trader's accounts add to every test; 6 traders added 8 accounts of the same kinds.
 */
const TRADERS = 2;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'deskline-judging-'));
  await generateDemoData(
    { traders: TRADERS, days: DAYS, seed: 'judging-same' },
    directorySink(dir),
  );
}, 60_000);
// Each test re-judges its own copy of the night's table: a Refresh stamps check times that a
// regenerate after it would not restore.
useFreshTable({
  perTest: true,
  seed: async () => {
    await useNewTable('judging-same');
    await runSync({ count: DAYS, source: directorySource(dir) });
    afterNight = await tableContents();
    accountIds = (await accountRepository.listAll()).map((account) => account.accountId);
  },
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The items of the accounts and their judged days: what judging writes. */
const judged = (items: Item[]) => items.filter((item) => String(item.PK).startsWith('ACCOUNT#'));

it('judges accounts on every kind of day the demo scripts (busts, passes, funded, inactive)', async () => {
  const statuses = new Set((await accountRepository.listAll()).map((account) => account.status));
  expect(accountIds.length).toBeGreaterThan(6);
  expect(statuses.size).toBeGreaterThan(1);
  expect(judged(afterNight).length).toBeGreaterThan(accountIds.length * DAYS);
});

it('re-judging every account from its first day (Refresh, upgrades) leaves the table the nightly sync left', async () => {
  const judge = await loadJudge();
  for (const accountId of accountIds) {
    const account = await accountRepository.get(accountId);
    await rejudgeAccount(account!, judge);
  }
  expect(await tableContents()).toEqual(afterNight);
});

it('regenerating from a date in the middle leaves the table as the judged days were', async () => {
  const judgedDays = afterNight.filter((item) => item.engineState && item.Date);
  const middle = [...new Set(judgedDays.map((item) => String(item.Date)))].sort()[DAYS / 2]!;
  for (const accountId of accountIds) {
    const account = await accountRepository.get(accountId);
    if (!account?.engineStateDate || account.engineStateDate < middle) continue;
    await regenerateFrom(accountId, middle);
  }
  expect(await tableContents()).toEqual(afterNight);
});

it('a Refresh of every account leaves the table the nightly sync left, but for the check time it stamps', async () => {
  // Spec 001 §7: "Last Conformance Check" says when the refresh ran; the night stamps the file's time.
  const withoutCheckTime = (items: Item[]) =>
    items.map((item) => {
      const summary = item.accountSummary as Item | undefined;
      if (!summary) return item;
      const { lastconformanceCheck: _check, ...rest } = summary;
      return { ...item, accountSummary: rest };
    });
  const before = await tableContents();
  for (const accountId of accountIds) await refreshAccount(accountId);
  const after = await tableContents();
  expect(withoutCheckTime(after)).toEqual(withoutCheckTime(before));
  expect(after).not.toEqual(before);
});
