import { useMemo, useState } from 'react';
import type { TraderAccount } from '@shared/traders/trader-account';
import {
  groupByPhaseAndStatus,
  groupKey,
  openByDefault,
} from '@/components/account-groups/account-groups';

/**
 * A trader's accounts by phase, then by broker status with the empty status groups left out, and
 * which groups are open (only Active ones start open; the reader's choice stays while the page does).
 */
export function useAccountGroups(accounts: readonly TraderAccount[]) {
  const groups = useMemo(
    () =>
      groupByPhaseAndStatus(
        accounts,
        (account) => account.phase,
        (account) => account.rithmicStatus,
      ).map((group) => ({
        ...group,
        statuses: group.statuses
          .filter((status) => status.rows.length > 0)
          .map((status) => ({ ...status, key: groupKey(group.phase, status.status) })),
      })),
    [accounts],
  );
  const [openState, setOpenState] = useState<Record<string, boolean>>({});
  return {
    groups,
    isOpen: (status: { key: string; status: TraderAccount['rithmicStatus'] }) =>
      openState[status.key] ?? openByDefault(status.status),
    setOpen: (key: string, open: boolean) => setOpenState((state) => ({ ...state, [key]: open })),
  };
}
