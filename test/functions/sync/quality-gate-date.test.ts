import type { DailyPerformanceRow } from '@shared/broker-files/rows';
import type { StoredAccount } from '../../../functions/lib/repositories/account-repository';
import { QualityGate } from '../../../functions/lib/judging/quality-gate';
import { useFreshTable } from '../../support/fresh-table';

const DATE = '20261125';
const PREVIOUS = '20261124';

const account = (index: number): StoredAccount =>
  ({
    accountId: `ACC-${String(index).padStart(2, '0')}`,
    traderId: 'T-1',
    name: '',
    status: 'active',
    phase: 'evaluation',
    rithmicStatus: 'Active',
    currency: 'USD',
    resetCount: 0,
    engineStateDate: PREVIOUS,
  }) as StoredAccount;

const row = (accountId: string): { row: DailyPerformanceRow } => ({
  row: { Account: accountId, Date: DATE, NetPnl: 0, AcctBal: 50_000, Trades: 0 },
});

/** One date of a shard through the gate, against an empty table (no voids, holds or dates). */
async function checkDate(
  accounts: StoredAccount[],
  present: number,
  owns?: (id: string) => boolean,
) {
  const gate = new QualityGate(owns);
  const performance = new Map(
    accounts.slice(0, present).map((a) => [a.accountId, row(a.accountId)]),
  );
  // The run's previous date: the gate saw every account on it.
  await gate.forDate(
    PREVIOUS,
    new Map(
      accounts.map((a) => [a.accountId, { row: { ...row(a.accountId).row, Date: PREVIOUS } }]),
    ),
    new Map(),
    new Map(accounts.map((a) => [a.accountId, { ...a, engineStateDate: undefined }])),
    () => undefined,
  );
  return gate.forDate(
    DATE,
    performance,
    new Map(),
    new Map(accounts.map((a) => [a.accountId, a])),
    () => undefined,
  );
}

describe('QualityGate.forDate (dynalite)', () => {
  useFreshTable();
  const accounts = Array.from({ length: 25 }, (_, index) => account(index));

  it('makes every account of the date suspect when too many accounts vanished since the previous date', async () => {
    const quality = await checkDate(accounts, 22);
    const failures = quality.failures('ACC-00');
    expect(failures.map((failure) => failure.check)).toEqual(['firm-share']);
    expect(failures[0]?.figures).toMatchObject({ missing: 3, accounts: 25, suspect: 0 });
  });

  it('leaves the date sound when few enough vanished', async () => {
    const quality = await checkDate(accounts, 23);
    expect(quality.failures('ACC-00')).toEqual([]);
  });

  it("counts only the shard's own accounts as missing", async () => {
    // The shard owns the present accounts only: nothing is missing from its point of view.
    const quality = await checkDate(accounts, 20, (id) => Number(id.slice(4)) < 20);
    expect(quality.failures('ACC-00')).toEqual([]);
  });

  it('finds duplicate FillIds noted during ingest, and forgets them after the date', async () => {
    const gate = new QualityGate();
    gate.noteFill('ACC-00', 'F1');
    gate.noteFill('ACC-00', 'F1');
    const map = new Map(accounts.map((a) => [a.accountId, a]));
    const first = await gate.forDate(
      DATE,
      new Map([['ACC-00', row('ACC-00')]]),
      new Map(),
      map,
      () => undefined,
    );
    expect(first.failures('ACC-00').map((failure) => failure.check)).toEqual([
      'duplicate-fill-ids',
    ]);
    const next = await gate.forDate(
      '20261126',
      new Map([['ACC-00', { row: { ...row('ACC-00').row, Date: '20261126' } }]]),
      new Map(),
      map,
      () => undefined,
    );
    expect(next.failures('ACC-00')).toEqual([]);
  });
});
