import type { Violation } from '@shared/rules/conformance';
import { countAccount } from '../../functions/lib/aggregates/account-aggregates';
import { batchPutAll } from '../../functions/lib/db/batch-writer';
import { withoutKeys } from '../../functions/lib/db/keys';
import { mapLimit } from '../../functions/lib/map-limit';
import {
  accountRepository,
  storedAccountSchema,
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

/** Stores accounts as the product does: the items, then their kept aggregates (counted as stored). */
export async function putAccounts(accounts: readonly StoredAccountInput[]): Promise<void> {
  const items = accounts.map((account) => accountRepository.itemOf(account));
  await batchPutAll(items);
  await mapLimit(items, 8, async (item) => {
    await countAccount(storedAccountSchema.parse(withoutKeys(item)));
  });
}

/** A hard Daily Loss Limit breach on `date` ($1,200 against $1,000), with what a test changes. */
export function dailyLossBreach(date: string, overrides: Partial<Violation> = {}): Violation {
  return {
    ruleId: 'daily-loss-limit',
    name: 'Daily Loss Limit',
    ruleType: 'daily-loss-limit',
    category: 'daily-loss',
    severity: 'violation',
    date,
    value: 1_200,
    threshold: 1_000,
    description: 'Daily loss of $1,200.00 over the $1,000.00 limit',
    soft: false,
    ...overrides,
  };
}
