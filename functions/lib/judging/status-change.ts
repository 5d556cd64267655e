import type { AccountStanding, AccountStatusChange } from '@shared/programs/status-change';
import { decisiveBreach } from '@shared/rules/decisive-breach';
import type { StoredAccount } from '../repositories/account-items';

/** Where a stored account stands: its judged status and its summary's payout eligibility. */
export function standingOf(account: StoredAccount): AccountStanding {
  return {
    status: account.status,
    payoutEligible: account.accountSummary?.payoutEligible ?? false,
  };
}

/**
 * How an account's standing differs after it is judged again (an upgrade, or the preview of one):
 * status or payout eligibility; undefined when both stay. A newly failed account names the breach
 * that fails it (`decisiveBreach`).
 */
export function statusChangeOf(
  before: StoredAccount,
  after: StoredAccount,
): AccountStatusChange | undefined {
  const from = standingOf(before);
  const to = standingOf(after);
  if (from.status === to.status && from.payoutEligible === to.payoutEligible) return undefined;
  const breach =
    to.status === 'failed' && from.status !== 'failed' && after.engineState
      ? decisiveBreach(after.engineState)
      : null;
  return {
    accountId: after.accountId,
    traderId: after.traderId,
    before: from,
    after: to,
    decisive: breach && {
      ruleId: breach.ruleId,
      name: breach.name,
      date: breach.date,
      description: breach.description,
    },
  };
}

/** Changes in account id order, so a preview and the upgrade after it list them alike. */
export function sortedChanges(changes: AccountStatusChange[]): AccountStatusChange[] {
  return changes.sort((a, b) => a.accountId.localeCompare(b.accountId));
}
