import { batchPutAll } from '../../functions/lib/db/batch-writer';
import {
  accountRepository,
  type StoredAccountInput,
} from '../../functions/lib/repositories/account-repository';

/** An account on `version` of the program `prefix`, in its evaluation phase. */
export function accountOn(
  accountId: string,
  prefix: string | undefined,
  version = 1,
): StoredAccountInput {
  return {
    accountId,
    traderId: 'T1',
    phase: 'evaluation',
    rithmicStatus: 'Active',
    ...(prefix && {
      program: {
        prefix,
        name: prefix,
        version,
        currentPhase: 'evaluation',
        currentPhaseData: { type: 'evaluation', startingBalance: 50_000 },
      },
    }),
  };
}

export async function putAccounts(accounts: readonly StoredAccountInput[]): Promise<void> {
  await batchPutAll(accounts.map((account) => accountRepository.itemOf(account)));
}
