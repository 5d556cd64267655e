import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import { NotFoundError } from '../../../../functions/lib/errors';
import {
  accountRepository,
  publicAccount,
  type StoredAccountInput,
} from '../../../../functions/lib/repositories/account-repository';
import { traderRepository } from '../../../../functions/lib/repositories/trader-repository';
import { useFreshTable } from '../../../support/fresh-table';

const phases = ['evaluation', 'sim-funded', 'live-funded', 'demo'] as const;
const statuses = ['Active', 'Inactive', 'Admin Only'] as const;

function account(index: number, overrides: Partial<StoredAccountInput> = {}): StoredAccountInput {
  return {
    accountId: `ACC-${String(index).padStart(4, '0')}`,
    traderId: `T${index % 7}`,
    phase: phases[index % 4],
    rithmicStatus: statuses[index % 3],
    program: {
      prefix: index % 2 ? 'EVAL50K' : 'SIMF100K',
      name: 'Program',
      version: 1,
      currentPhase: 'evaluation',
      currentPhaseData: { type: 'evaluation', startingBalance: 50_000 },
    },
    ...overrides,
  };
}

describe('trader and account repositories', () => {
  useFreshTable();
  const accounts = Array.from({ length: 150 }, (_, index) => account(index));

  beforeAll(async () => {
    await batchPutAll(accounts.map((entry) => accountRepository.itemOf(entry)));
    await batchPutAll(
      Array.from({ length: 7 }, (_, index) =>
        traderRepository.itemOf({ traderId: `T${index}`, email: `t${index}@example.com` } as never),
      ),
    );
  });

  it('lists every trader through GSI1 and gets one', async () => {
    const traders = await traderRepository.listAll();

    expect(traders.map((trader) => trader.traderId)).toEqual([
      'T0',
      'T1',
      'T2',
      'T3',
      'T4',
      'T5',
      'T6',
    ]);
    await expect(traderRepository.get('T3')).resolves.toMatchObject({
      email: 't3@example.com',
      firstName: '',
    });
    await expect(traderRepository.get('T9')).resolves.toBeUndefined();
  });

  it('lists every account, grouped by phase order then Active, Inactive, Admin Only', async () => {
    const listed = await accountRepository.listAll();

    expect(listed).toHaveLength(150);
    const groups = listed.map((entry) => `${entry.phase}/${entry.rithmicStatus}`);
    const order = phases.flatMap((phase) => statuses.map((status) => `${phase}/${status}`));
    expect(groups.map((group) => order.indexOf(group))).toEqual(
      [...groups.map((group) => order.indexOf(group))].sort((a, b) => a - b),
    );
  });

  it("lists one phase-and-status group, a trader's accounts and a program's accounts", async () => {
    const group = await accountRepository.listByPhaseAndStatus('sim-funded', 'Inactive');
    const ofTrader = await accountRepository.listByTrader('T3');
    const ofProgram = await accountRepository.listByProgram('EVAL50K');

    expect(
      group.every((entry) => entry.phase === 'sim-funded' && entry.rithmicStatus === 'Inactive'),
    ).toBe(true);
    expect(group).toHaveLength(
      accounts.filter((entry) => entry.phase === 'sim-funded' && entry.rithmicStatus === 'Inactive')
        .length,
    );
    expect(ofTrader.map((entry) => entry.accountId)).toEqual(
      accounts.filter((entry) => entry.traderId === 'T3').map((entry) => entry.accountId),
    );
    expect(ofProgram).toHaveLength(75);
  });

  it('moves an account between groups when its phase or status changes', async () => {
    const before = await accountRepository.get('ACC-0000');
    await accountRepository.replace({ ...before!, phase: 'demo', rithmicStatus: 'Admin Only' });

    const demoAdmin = await accountRepository.listByPhaseAndStatus('demo', 'Admin Only');
    const evaluationActive = await accountRepository.listByPhaseAndStatus('evaluation', 'Active');
    expect(demoAdmin.map((entry) => entry.accountId)).toContain('ACC-0000');
    expect(evaluationActive.map((entry) => entry.accountId)).not.toContain('ACC-0000');
  });

  it('refuses to replace an account that does not exist', async () => {
    await expect(accountRepository.replace(account(999))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers accounts without engine internals to the API', async () => {
    const stored = await accountRepository.get('ACC-0001');

    const answer = publicAccount({ ...stored!, engineStateDate: '20260302' });

    expect(answer).not.toHaveProperty('engineStateDate');
    expect(answer).not.toHaveProperty('accountSummary');
  });

  it('keeps user ↔ account links both ways', async () => {
    await batchPutAll([
      accountRepository.linkItemOf({ userId: 'U1', accountId: 'ACC-0001', role: 'trader' }),
      accountRepository.linkItemOf({ userId: 'U1', accountId: 'ACC-0002' }),
      accountRepository.linkItemOf({ userId: 'U2', accountId: 'ACC-0001' }),
    ]);

    const ofAccount = await accountRepository.listLinksOfAccount('ACC-0001');
    const ofUser = await accountRepository.listLinksOfUser('U1');

    expect(ofAccount.map((link) => link.userId)).toEqual(['U1', 'U2']);
    expect(ofUser.map((link) => link.accountId)).toEqual(['ACC-0001', 'ACC-0002']);
  });
});
