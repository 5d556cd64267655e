import { Button, HStack, Input, Stack, chakra } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuChartLine, LuDownload } from 'react-icons/lu';
import type { PerformanceListRow } from '@shared/performance/performance-list';
import { groupByPhaseAndStatus } from '@/components/account-groups/account-groups';
import { downloadCsv, tableCsv } from '@/components/data-table/csv';
import { DataTable } from '@/components/data-table/data-table';
import { sortRows, sortableColumnIds } from '@/components/data-table/sort-rows';
import { dateInputValue, formatDate } from '@/lib/format';
import { PhaseStatusSections } from '@/components/section/collapsible-section';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { useLatestPerformance } from '@/api/performance';
import { isPageParam, tradingDateParam, useUrlFilters, useUrlSorting } from '@/lib/url-state';
import {
  STATUS_PARAM,
  StatusAndRoomControls,
  filterByListStatus,
  statusFilterOf,
} from '@/components/limit-distance/room-to-breach';
import { DEFAULT_PERFORMANCE_SORTING, performanceColumns } from '../performance-columns';

export const NO_PERFORMANCE_TEXT = 'No performance data is currently available for today.';

/** The chosen day's empty state (a date picked in the URL with no data). */
export function noPerformanceOnText(date: string): string {
  return `No performance data is available for ${formatDate(date)}.`;
}

const DateLabel = chakra('label');

const byAccount = (left: PerformanceListRow, right: PerformanceListRow) =>
  left.Account.localeCompare(right.Account);

const VIEW_PARAMS = ['date', STATUS_PARAM] as const;

/**
 * Latest Performance (spec 000 §2): every account's figures of the latest data date, or of the day
 * picked (`?date=YYYYMMDD`), grouped by phase and broker status, sorted by one column (in
 * the URL; NetPnl descending by default; "Closest to breach first" is `?sort=room`), filtered by status
 * (`?status=`). Groups page their rows like All Accounts; Export CSV writes every row shown in the
 * groups' order and the chosen sort.
 */
export function LatestPerformancePage() {
  // Another day starts every group on its first page.
  const [view, update] = useUrlFilters(VIEW_PARAMS, { resets: isPageParam });
  const [openState, setOpenState] = useState<Record<string, boolean>>({});
  const askedDate = tradingDateParam(view.date);
  const performance = useLatestPerformance(askedDate);
  const date = performance.data?.meta.date ?? null;
  const latestDate = performance.data?.meta.latestDate ?? null;
  const columns = useMemo(() => performanceColumns(date), [date]);
  const [sorting, setSorting] = useUrlSorting(
    'sort',
    sortableColumnIds(columns),
    DEFAULT_PERFORMANCE_SORTING,
  );
  const status = statusFilterOf(view.status);

  // Rows in account order: ties of the chosen sort keep it.
  const groups = useMemo(
    () =>
      groupByPhaseAndStatus(
        filterByListStatus(performance.data?.data ?? [], status, (row) => row).sort(byAccount),
        (row) => row.accountType,
        (row) => row.rithmicStatus,
      ),
    [performance.data, status],
  );

  const isOpen = (key: string, fallback: boolean) => openState[key] ?? fallback;
  const setOpen = (key: string, open: boolean) =>
    setOpenState((current) => ({ ...current, [key]: open }));

  const pickDate = (value: string) => {
    const compact = value.replaceAll('-', '');
    update({ date: /^\d{8}$/.test(compact) ? compact : '' });
  };
  const allRows = groups.flatMap((group) =>
    group.statuses.flatMap((status) => sortRows(columns, status.rows, sorting)),
  );
  return (
    <>
      <PageHeader
        title="Latest Performance"
        subtitle={
          date === null
            ? undefined
            : askedDate !== undefined && askedDate !== latestDate
              ? `Data date: ${formatDate(date)}`
              : `Latest data date: ${formatDate(date)}`
        }
      />
      <HStack mb="6" gap="3" wrap="wrap" align="flex-end">
        <Stack gap="1">
          <DateLabel htmlFor="performance-date" fontSize="sm" fontWeight="medium">
            Date
          </DateLabel>
          <Input
            id="performance-date"
            type="date"
            size="sm"
            maxW="44"
            value={date ? dateInputValue(date) : ''}
            max={latestDate ? dateInputValue(latestDate) : undefined}
            onChange={(event) => pickDate(event.currentTarget.value)}
          />
        </Stack>
        {askedDate !== undefined && (
          <Button size="sm" variant="outline" onClick={() => update({ date: '' })}>
            Latest day
          </Button>
        )}
        <StatusAndRoomControls
          status={status}
          onStatusChange={(next) => update({ status: next })}
          sorting={sorting}
          onSortingChange={setSorting}
        />
        <Button
          size="sm"
          variant="outline"
          ms="auto"
          disabled={allRows.length === 0 || date === null}
          onClick={() =>
            date !== null &&
            downloadCsv(`latest-performance-${date}.csv`, tableCsv(columns, allRows))
          }
        >
          <LuDownload /> Export CSV
        </Button>
      </HStack>
      {performance.isPending ? (
        <PageLoading label="Loading performance data..." />
      ) : performance.isError ? (
        <PageError
          title="Error loading performance data"
          error={performance.error}
          onRetry={() => void performance.refetch()}
        />
      ) : groups.length === 0 ? (
        <PageEmpty
          icon={<LuChartLine />}
          title="No Data"
          description={
            status !== undefined && (performance.data?.data.length ?? 0) > 0
              ? `No ${status} account has data for ${date ? formatDate(date) : 'this day'}.`
              : askedDate !== undefined
                ? noPerformanceOnText(askedDate)
                : NO_PERFORMANCE_TEXT
          }
        />
      ) : (
        <Stack gap="8">
          <PhaseStatusSections groups={groups} isOpen={isOpen} setOpen={setOpen}>
            {({ key, label, rows }) => (
              <DataTable
                label={label}
                data={rows}
                columns={columns}
                getRowId={(row) => row.Account}
                urlKey={key}
                grouped
                defaultSorting={DEFAULT_PERFORMANCE_SORTING}
                multiSort={false}
                paging
              />
            )}
          </PhaseStatusSections>
        </Stack>
      )}
    </>
  );
}
