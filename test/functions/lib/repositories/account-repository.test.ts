import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import {
  accountRepository,
  type StoredAccountInput,
} from '../../../../functions/lib/repositories/account-repository';
import { accountGroupQueries } from '../../../support/table-reads';
import { useFreshTable } from '../../../support/fresh-table';

function account(
  accountId: string,
  phase: StoredAccountInput['phase'],
  rithmicStatus: StoredAccountInput['rithmicStatus'],
  program?: { prefix: string; version: number },
): StoredAccountInput {
  return {
    accountId,
    traderId: 'T1',
    phase,
    rithmicStatus,
    ...(program && {
      program: {
        ...program,
        name: program.prefix,
        currentPhase: 'evaluation',
        currentPhaseData: { type: 'evaluation', startingBalance: 50_000 },
      },
    }),
  };
}

describe('accountRepository.listRows and listGroupMembers', () => {
  useFreshTable();

  beforeAll(async () => {
    await batchPutAll(
      [
        {
          ...account('B-2', 'demo', 'Active', { prefix: 'DEMO50K', version: 2 }),
          email: 'b2@example.com',
          name: 'Second',
          summary: { balance: 50_100, equity: 50_200 },
          engineStateKey: 'DEMO50K#2#evaluation',
        },
        {
          ...account('B-1', 'evaluation', 'Inactive', { prefix: 'EVAL50K', version: 1 }),
          email: 'b1@example.com',
        },
        account('B-3', 'evaluation', 'Active'),
      ].map((entry) => accountRepository.itemOf(entry)),
    );
  });

  it('answers list rows in phase then status order, with the program reduced and no internals', async () => {
    const rows = await accountRepository.listRows();

    expect(rows.map((row) => row.accountId)).toEqual(['B-3', 'B-1', 'B-2']);
    expect(rows[2]).toEqual({
      accountId: 'B-2',
      name: 'Second',
      traderId: 'T1',
      email: 'b2@example.com',
      currency: 'USD',
      phase: 'demo',
      status: 'active',
      rithmicStatus: 'Active',
      resetCount: 0,
      summary: { balance: 50_100, equity: 50_200 },
      program: { prefix: 'DEMO50K', name: 'DEMO50K', version: 2, currentPhase: 'evaluation' },
    });
  });

  it('answers each account with the phase and status of its group, its judged status and its email', async () => {
    await expect(accountRepository.listGroupMembers()).resolves.toEqual([
      { accountId: 'B-3', phase: 'evaluation', rithmicStatus: 'Active', status: 'active' },
      {
        accountId: 'B-1',
        email: 'b1@example.com',
        phase: 'evaluation',
        rithmicStatus: 'Inactive',
        status: 'active',
      },
      {
        accountId: 'B-2',
        email: 'b2@example.com',
        phase: 'demo',
        rithmicStatus: 'Active',
        status: 'active',
      },
    ]);
  });

  it("answers an account never synced with its phase's starting balance, marked", async () => {
    const rows = await accountRepository.listRows();
    const neverSynced = rows.find((row) => row.accountId === 'B-1')!;
    const synced = rows.find((row) => row.accountId === 'B-2')!;

    expect(neverSynced.summary).toEqual({ balance: 50_000, equity: 50_000 });
    expect(neverSynced.balanceSource).toBe('starting');
    expect(synced.balanceSource).toBeUndefined();
    // Without a program there is no starting balance to show: still nothing.
    const noProgram = rows.find((row) => row.accountId === 'B-3')!;
    expect(noProgram.summary).toBeUndefined();
    expect(noProgram.balanceSource).toBeUndefined();
  });

  // The control of `accountGroupQueries`, which other tests expect to count 0: reading every account
  // is counted, one Query per phase-and-status group.
  it('is seen by accountGroupQueries when it reads every account', async () => {
    expect(await accountGroupQueries(() => accountRepository.listAll())).toBeGreaterThanOrEqual(12);
  });
});
