import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import {
  accountRepository,
  type StoredAccountInput,
} from '../../../../functions/lib/repositories/account-repository';
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

describe('accountRepository.listProgramAttachments', () => {
  useFreshTable();

  it('answers the program and version of every account in every phase and status, nothing else', async () => {
    await batchPutAll(
      [
        account('A-1', 'evaluation', 'Active', { prefix: 'EVAL50K', version: 1 }),
        account('A-2', 'sim-funded', 'Inactive', { prefix: 'EVAL50K', version: 3 }),
        account('A-3', 'demo', 'Admin Only', { prefix: 'DEMO50K', version: 2 }),
        account('A-4', 'live-funded', 'Active'),
      ].map((entry) => accountRepository.itemOf(entry)),
    );

    const attachments = await accountRepository.listProgramAttachments();

    expect(attachments.sort((a, b) => a.accountId.localeCompare(b.accountId))).toEqual([
      { accountId: 'A-1', prefix: 'EVAL50K', version: 1 },
      { accountId: 'A-2', prefix: 'EVAL50K', version: 3 },
      { accountId: 'A-3', prefix: 'DEMO50K', version: 2 },
    ]);
  });
});
