import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { LuScale } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import {
  FLOOR_TOLERANCE_CENTS,
  MISMATCH_CAUSE_LABELS,
  MISMATCH_CAUSE_TITLES,
} from '@shared/reconciliation/floor-comparison';
import type { FloorMismatch } from '@shared/reconciliation/floor-mismatch';
import { DataTable } from '@/components/data-table/data-table';
import { LoadMoreButton } from '@/components/section/load-more-button';
import { InputField } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { useFloorMismatchPages } from '@/api/reconciliation';
import { paths } from '@/config/paths';
import { dateInputValue, formatDate, formatMoney, tradingDateOfInput } from '@/lib/format';
import { isPageParam, tradingDateParam, useUrlFilters, useUrlSearch } from '@/lib/url-state';

const FILTER_PARAMS = ['date'] as const;

const columns: ColumnDef<FloorMismatch>[] = [
  {
    id: 'accountId',
    header: 'Account',
    accessorKey: 'accountId',
    cell: ({ row: { original } }) => (
      <Link asChild fontFamily="mono" colorPalette="blue">
        <RouterLink to={paths.accountDetails.href({ accountId: original.accountId })}>
          {original.accountId}
        </RouterLink>
      </Link>
    ),
  },
  {
    id: 'date',
    header: 'Day',
    accessorKey: 'date',
    cell: ({ row: { original } }) => (
      <Link asChild colorPalette="blue">
        <RouterLink
          to={paths.dailyPerformance.href({ accountId: original.accountId, date: original.date })}
          aria-label={`${original.accountId} on ${formatDate(original.date)}`}
        >
          {formatDate(original.date)}
        </RouterLink>
      </Link>
    ),
  },
  {
    id: 'brokerFloor',
    header: 'Broker floor',
    accessorKey: 'brokerFloor',
    meta: { numeric: true },
    cell: ({ row }) => formatMoney(row.original.brokerFloor),
  },
  {
    id: 'engineFloor',
    header: 'Engine floor',
    accessorKey: 'engineFloor',
    meta: { numeric: true },
    cell: ({ row }) => formatMoney(row.original.engineFloor),
  },
  {
    id: 'difference',
    header: 'Difference',
    accessorKey: 'difference',
    meta: { numeric: true },
    cell: ({ row }) => formatMoney(row.original.difference),
  },
  {
    id: 'cause',
    header: 'Likely cause',
    accessorFn: (row) => MISMATCH_CAUSE_TITLES[row.cause],
    meta: { wrap: true, minW: '64' },
    cell: ({ row: { original } }) => (
      <Stack gap="0.5">
        <Text fontWeight="medium" textStyle="sm">
          {MISMATCH_CAUSE_TITLES[original.cause]}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {MISMATCH_CAUSE_LABELS[original.cause]}
        </Text>
      </Stack>
    ),
  },
];

function MismatchList({ date, accountId }: { date?: string; accountId?: string }) {
  const pages = useFloorMismatchPages({ date, accountId });
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? [], [pages.data]);
  if (pages.isPending || (pages.isError && pages.isFetching && !pages.data)) {
    return <PageLoading label="Loading floor mismatches..." />;
  }
  if (pages.isError && !pages.data) {
    return (
      <PageError
        title="Could not load the reconciliation"
        error={pages.error}
        onRetry={() => void pages.refetch()}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <PageEmpty
        icon={<LuScale />}
        title="No floor mismatches"
        description={
          date || accountId
            ? 'The broker and the engine agree on every floor the filters cover.'
            : "Every broker liquidation floor the nightly sync compared agrees with the engine's."
        }
      />
    );
  }
  return (
    <Stack gap="3" align="flex-start" width="full">
      <DataTable
        label="Floor mismatches"
        data={rows}
        columns={columns}
        getRowId={(row) => `${row.accountId}|${row.date}`}
        paging
      />
      <LoadMoreButton pages={pages} />
    </Stack>
  );
}

/**
 * Reconciliation: the account-days whose broker liquidation floor (`AutoLiquidateThresholdValue`)
 * differs from the engine's drawdown floor after the day, with the likely cause, newest first; by
 * date and account, in the URL.
 */
export function ReconciliationPage() {
  const [view, update] = useUrlFilters(FILTER_PARAMS, { resets: isPageParam });
  const [typed, setTyped, account] = useUrlSearch('account', { resets: isPageParam });
  const date = tradingDateParam(view.date);
  const tolerance = formatMoney(FLOOR_TOLERANCE_CENTS / 100);
  return (
    <>
      <PageHeader
        title="Reconciliation"
        subtitle={`The broker's liquidation floor beside the engine's drawdown floor, each account-day of the nightly sync: differences beyond ${tolerance}.`}
      />
      <HStack mb="6" gap="3" wrap="wrap" align="flex-end">
        <InputField
          label="Date"
          type="date"
          compact
          maxW="44"
          value={dateInputValue(date)}
          onChange={(value) => update({ date: tradingDateOfInput(value) ?? '' })}
        />
        <InputField
          label="Account ID"
          compact
          maxW="56"
          value={typed}
          onChange={setTyped}
          placeholder="EVAL50K-000001"
        />
        {(date || account) && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setTyped('');
              update({ date: '' });
            }}
          >
            Clear filters
          </Button>
        )}
      </HStack>
      <MismatchList date={date} accountId={account || undefined} />
    </>
  );
}
