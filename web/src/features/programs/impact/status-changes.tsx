import { Button, Link, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountStanding, AccountStatusChange } from '@shared/programs/status-change';
import { DataTable } from '@/components/data-table/data-table';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { paths } from '@/config/paths';
import { formatCountOf, formatDate } from '@/lib/format';

const STATUS_LABELS: Record<AccountStanding['status'], string> = {
  active: 'Active',
  passed: 'Passed',
  failed: 'Failed',
};

const payoutLabel = (eligible: boolean) => (eligible ? 'Eligible' : 'Not eligible');

/** "Active → Failed"; the same status twice is said once. */
export function statusMove(change: AccountStatusChange): string {
  const [before, after] = [STATUS_LABELS[change.before.status], STATUS_LABELS[change.after.status]];
  return before === after ? before : `${before} → ${after}`;
}

/** "Eligible → Not eligible", or nothing when eligibility stays. */
export function payoutMove(change: AccountStatusChange): string {
  if (change.before.payoutEligible === change.after.payoutEligible) return '';
  return `${payoutLabel(change.before.payoutEligible)} → ${payoutLabel(change.after.payoutEligible)}`;
}

/** How many accounts flip which way: "2 active → failed, 1 failed → active, 1 payout eligibility". */
export function changeSummary(changes: readonly AccountStatusChange[]): string {
  if (changes.length === 0) return 'No account changes status or payout eligibility.';
  const counts = new Map<string, number>();
  for (const change of changes) {
    if (change.before.status !== change.after.status) {
      const key = `${change.before.status} → ${change.after.status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (change.before.payoutEligible !== change.after.payoutEligible) {
      const key = 'payout eligibility changed';
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].map(([key, count]) => `${count} ${key}`).join(', ');
}

const columns: ColumnDef<AccountStatusChange>[] = [
  {
    id: 'account',
    header: 'Account',
    cell: ({ row }) => (
      <Link asChild colorPalette="blue">
        <RouterLink to={paths.accountDetails.href({ accountId: row.original.accountId })}>
          {row.original.accountId}
        </RouterLink>
      </Link>
    ),
  },
  { id: 'trader', header: 'Trader', cell: ({ row }) => row.original.traderId },
  { id: 'status', header: 'Status', cell: ({ row }) => statusMove(row.original) },
  { id: 'payout', header: 'Payout Eligibility', cell: ({ row }) => payoutMove(row.original) },
  {
    id: 'decisive',
    header: 'Failing Rule',
    cell: ({ row }) => {
      const decisive = row.original.decisive;
      return decisive ? `${decisive.name} on ${formatDate(decisive.date)}` : '';
    },
  },
];

/** The accounts whose standing changes (or would), one row each: old and new, and why it fails. */
export function StatusChangesTable({
  label,
  changes,
}: {
  label: string;
  changes: readonly AccountStatusChange[];
}) {
  return (
    <Stack gap="3">
      <Text>{changeSummary(changes)}</Text>
      {changes.length > 0 && (
        <DataTable
          label={label}
          compact
          data={[...changes]}
          columns={columns}
          getRowId={(change) => change.accountId}
        />
      )}
    </Stack>
  );
}

/**
 * After an upgrade or a revert: the accounts whose status changed, before the screen moves on.
 */
export function StatusChangesDialog({
  version,
  changes,
  onClose,
}: {
  version: number;
  changes: readonly AccountStatusChange[];
  onClose: () => void;
}) {
  return (
    <DialogFrame
      size="xl"
      onClose={onClose}
      // It opens as the upgrade's modal closes, and that modal gives focus back to the page.
      keepOnOutsideFocus
      title={`Accounts changed by version ${version}`}
      footer={
        <Button colorPalette="blue" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Stack gap="3">
        <Text color="fg.muted">
          {formatCountOf(changes.length, 'account')} changed status or payout eligibility when
          judged again under version {version}.
        </Text>
        <StatusChangesTable label={`Accounts changed by version ${version}`} changes={changes} />
      </Stack>
    </DialogFrame>
  );
}
