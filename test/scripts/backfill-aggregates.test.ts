import { DASHBOARD_SCOPE, LISTS } from '../../functions/lib/aggregates/account-aggregates';
import {
  PROGRAMS_SCOPE,
  programAccountsList,
  programScope,
  readVersionsInUse,
} from '../../functions/lib/aggregates/program-counts';
import { readKept, recountAccounts } from '../../functions/lib/aggregates/recount';
import { batchPutAll } from '../../functions/lib/db/batch-writer';
import { accountRepository } from '../../functions/lib/repositories/account-repository';
import { backfillAggregates, main } from '../../scripts/backfill-aggregates';
import { accountOn } from '../support/accounts';
import { useFreshTable } from '../support/fresh-table';

/** Accounts stored by an older version: their items only, never counted. */
const legacyAccounts = [
  ...Array.from({ length: 12 }, (_, index) =>
    accountOn(`OLD-${index}`, 'EVAL50K', 1 + (index % 2)),
  ),
  accountOn('OLD-UNATTACHED', undefined),
];

describe('npm run backfill-aggregates', () => {
  useFreshTable({ perTest: true });

  beforeEach(async () => {
    await batchPutAll(legacyAccounts.map((account) => accountRepository.itemOf(account)));
  });

  it('counts accounts stored before their aggregates were kept, as a full re-count would', async () => {
    expect(await readVersionsInUse()).toEqual([]);

    const report = await backfillAggregates();

    const recount = await recountAccounts();
    const kept = await readKept(
      [DASHBOARD_SCOPE, PROGRAMS_SCOPE, programScope('EVAL50K')],
      [LISTS.accounts, programAccountsList('EVAL50K')],
    );
    expect(report.accountsRecounted).toBe(legacyAccounts.length);
    expect(kept.counters[DASHBOARD_SCOPE]).toEqual(recount.counters[DASHBOARD_SCOPE]);
    expect(kept.counters[PROGRAMS_SCOPE]).toEqual({ EVAL50K: 12 });
    expect(kept.counters[programScope('EVAL50K')]).toEqual({ v1: 6, v2: 6 });
    expect(kept.lists[LISTS.accounts]).toHaveLength(legacyAccounts.length);
    expect(kept.lists[programAccountsList('EVAL50K')]).toHaveLength(12);
  });

  it('changes nothing when run again', async () => {
    await backfillAggregates();
    const before = await recountAccounts();

    const again = await backfillAggregates();

    expect(again).toEqual({ summaryRows: 0, accountsRecounted: 0 });
    expect(await recountAccounts()).toEqual(before);
  });

  it('refuses arguments and a missing table name, doing nothing', async () => {
    const table = process.env.TABLE_NAME;
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await main(['--all'])).toBe(2);
      delete process.env.TABLE_NAME;
      expect(await main([])).toBe(2);
    } finally {
      process.env.TABLE_NAME = table;
      error.mockRestore();
    }
    expect(await readVersionsInUse()).toEqual([]);
  });
});
