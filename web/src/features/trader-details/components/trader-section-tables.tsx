import { Button, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import type { TraderAccount } from '@shared/traders/trader-account';
import { AccountLink, CalculationDateLink } from '@/components/account-links/account-links';
import {
  AccountStatusBadge,
  PhaseBadge,
  RithmicStatusBadge,
  RuleTypeBadge,
} from '@/components/badges/badges';
import { DataTable } from '@/components/data-table/data-table';
import { Money } from '@/components/figures/money-text';
import type { RuleDetailsTarget } from '@/components/rule-details-modal/rule-details-modal';
import { MISSING, formatCount, formatNumber, orMissing } from '@/lib/format';

function accountColumns(onShowSummary: (accountId: string) => void): ColumnDef<TraderAccount>[] {
  return [
    {
      id: 'accountId',
      header: 'Account ID',
      cell: ({ row }) => <AccountLink accountId={row.original.accountId} />,
    },
    // The long account name wraps, so the row fits beside the sidebar at 1280 px and the pinned
    // actions column covers nothing (it would hide the Last Calculation links).
    {
      id: 'name',
      header: 'Name',
      meta: { wrap: true },
      cell: ({ row }) => orMissing(row.original.name),
    },
    { id: 'program', header: 'Program', cell: ({ row }) => orMissing(row.original.program?.name) },
    { id: 'phase', header: 'Phase', cell: ({ row }) => <PhaseBadge phase={row.original.phase} /> },
    {
      id: 'rithmicStatus',
      header: 'Rithmic Status',
      cell: ({ row }) => <RithmicStatusBadge status={row.original.rithmicStatus} />,
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <AccountStatusBadge status={row.original.status} />,
    },
    {
      id: 'balance',
      header: 'Balance',
      meta: { numeric: true },
      cell: ({ row: { original: account } }) => (
        <Money value={account.accountSummary?.currentBalance ?? account.summary?.balance} />
      ),
    },
    {
      id: 'totalProfit',
      header: 'Total Profit',
      meta: { numeric: true },
      cell: ({ row }) => <Money value={row.original.accountSummary?.totalProfit} signed />,
    },
    {
      id: 'lastCalculation',
      header: 'Last Calculation',
      cell: ({ row: { original: account } }) => (
        <CalculationDateLink
          traderId={account.traderId}
          accountId={account.accountId}
          date={account.accountSummary?.lastCalculationDate}
        />
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Button
          size="xs"
          variant="outline"
          onClick={() => onShowSummary(row.original.accountId)}
          aria-label={`Show the summary of ${row.original.accountId}`}
        >
          Summary
        </Button>
      ),
    },
  ];
}

/** One section's accounts on the Trader Details page (spec 000 §2). */
export function SectionAccountsTable({
  label,
  accounts,
  onShowSummary,
}: {
  label: string;
  accounts: readonly TraderAccount[];
  onShowSummary: (accountId: string) => void;
}) {
  return (
    <DataTable
      label={label}
      sortable={false}
      data={accounts}
      columns={accountColumns(onShowSummary)}
      getRowId={(account) => account.accountId}
    />
  );
}

function parameterText(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} items`;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number') return formatNumber(value, 3);
  return String(value);
}

const ruleIdOf = (rule: RuleDefinition) => rule.ruleId ?? rule._id ?? '';

function ruleColumns(
  usedBy: ReadonlyMap<string, number>,
  onOpen: (target: RuleDetailsTarget) => void,
): ColumnDef<RuleDefinition>[] {
  return [
    {
      id: 'rule',
      header: 'Rule',
      cell: ({ row: { original: rule } }) => (
        <>
          <Button
            variant="plain"
            colorPalette="blue"
            size="sm"
            px="0"
            height="auto"
            onClick={() =>
              onOpen({
                ruleId: ruleIdOf(rule),
                name: rule.name,
                description: rule.description,
                category: rule.category,
                type: rule.type,
              })
            }
          >
            {rule.name}
          </Button>
          <Text fontSize="xs" color="fg.muted" fontFamily="mono">
            {ruleIdOf(rule)}
          </Text>
        </>
      ),
    },
    { id: 'category', header: 'Category', cell: ({ row }) => row.original.category },
    { id: 'type', header: 'Type', cell: ({ row }) => <RuleTypeBadge type={row.original.type} /> },
    {
      id: 'parameters',
      header: 'Parameters',
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text as="span" fontSize="xs" display="block" maxW="80">
          {Object.entries(row.original.testParameters)
            .map(([name, value]) => `${name}: ${parameterText(value)}`)
            .join(', ') || MISSING}
        </Text>
      ),
    },
    {
      id: 'accounts',
      header: 'Accounts',
      meta: { numeric: true },
      cell: ({ row }) => formatCount(usedBy.get(ruleIdOf(row.original)) ?? 0),
    },
  ];
}

/** The trader's rules with the number of their accounts that use each (spec 000 §2). */
export function RulesTable({
  rules,
  usedBy,
  onOpen,
}: {
  rules: readonly RuleDefinition[];
  usedBy: ReadonlyMap<string, number>;
  onOpen: (target: RuleDetailsTarget) => void;
}) {
  return (
    <DataTable
      label="Trading rules"
      sortable={false}
      data={rules}
      columns={ruleColumns(usedBy, onOpen)}
      getRowId={ruleIdOf}
    />
  );
}
