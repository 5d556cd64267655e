import { Button, HStack, Input, Stack, chakra } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuChartLine, LuDownload } from 'react-icons/lu';
import type { PerformanceListRow } from '@shared/performance/performance-list';
import {
  PHASE_ORDER,
  STATUS_ORDER,
  groupByPhaseAndStatus,
  groupKey,
} from '@/components/account-groups/account-groups';
import { LoadMoreButton } from '@/components/section/load-more-button';
import { downloadCsv, tableCsv } from '@/components/data-table/csv';
import { DataTable } from '@/components/data-table/data-table';
import { sortRows, sortableColumnIds } from '@/components/data-table/sort-rows';
import { dateInputValue, formatDate } from '@/lib/format';
import { PhaseStatusSections } from '@/components/section/collapsible-section';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import {
  allLatestPerformanceRows,
  useLatestPerformance,
  useLatestPerformanceGroup,
} from '@/api/performance';
import {
  formatSorting,
  isPageParam,
  tradingDateParam,
  useUrlFilters,
  useUrlSorting,
} from '@/lib/url-state';
import {
  STATUS_PARAM,
  StatusAndRoomControls,
  filterByListStatus,
  statusFilterOf,
} from '@/components/limit-distance/room-to-breach';
import { DEFAULT_PERFORMANCE_SORTING, performanceColumns } from '../performance-columns';

/** One group's table of the rows given (sorted and paged in the browser, sort shared in the URL). */
function PerformanceTable({
  label,
  urlKey,
  rows,
  columns,
}: {
  label: string;
  urlKey: string;
  rows: PerformanceListRow[];
  columns: ReturnType<typeof performanceColumns>;
}) {
  return (
    <DataTable
      label={label}
      data={rows}
      columns={columns}
      getRowId={(row) => row.Account}
      urlKey={urlKey}
      grouped
      defaultSorting={DEFAULT_PERFORMANCE_SORTING}
      multiSort={false}
      paging
    />
  );
}

/**
 * A group read from the server a page (≤ 200 rows) at a time in the screen's sort ('Load more'),
 * for a view larger than one answer; it reads only while its section is open.
 */
function ServerGroupTable({
  view,
  label,
  columns,
}: {
  view: {
    date?: string | undefined;
    status?: string | undefined;
    group: string;
    sort?: string | undefined;
  };
  label: string;
  columns: ReturnType<typeof performanceColumns>;
}) {
  const pages = useLatestPerformanceGroup(view, true);
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? [], [pages.data]);
  if (pages.isPending) return <PageLoading label="Loading performance data..." />;
  if (pages.isError) {
    return (
      <PageError
        title="Error loading performance data"
        error={pages.error}
        onRetry={() => void pages.refetch()}
      />
    );
  }
  return (
    <Stack gap="2">
      <PerformanceTable label={label} urlKey={view.group} rows={rows} columns={columns} />
      <HStack justify="center">
        <LoadMoreButton pages={pages} />
      </HStack>
    </Stack>
  );
}

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
  const status = statusFilterOf(view.status);
  const performance = useLatestPerformance(askedDate, status);
  const date = performance.data?.meta.date ?? null;
  const latestDate = performance.data?.meta.latestDate ?? null;
  const columns = useMemo(() => performanceColumns(date), [date]);
  const [sorting, setSorting] = useUrlSorting(
    'sort',
    sortableColumnIds(columns),
    DEFAULT_PERFORMANCE_SORTING,
  );
  // The first answer holds every row of the view unless it names a next page: then each open group
  // reads its own pages from the server, and the headers count from the server's totals.
  const partial = performance.data?.meta.nextCursor !== undefined;
  const serverCounts = new Map(
    (performance.data?.meta.groups ?? []).map((group) => [
      groupKey(group.phase, group.rithmicStatus),
      group.rows,
    ]),
  );
  const [exporting, setExporting] = useState(false);

  // Rows in account order: ties of the chosen sort keep it.
  const groups = useMemo(() => {
    const grouped = groupByPhaseAndStatus(
      filterByListStatus(performance.data?.data ?? [], status, (row) => row).sort(byAccount),
      (row) => row.accountType,
      (row) => row.rithmicStatus,
    );
    if (!partial) return grouped;
    // Every phase the server counts rows of, with the rows loaded so far.
    return PHASE_ORDER.flatMap((phase) => {
      const loaded = grouped.find((group) => group.phase === phase);
      const statuses = STATUS_ORDER.map((rithmicStatus) => ({
        status: rithmicStatus,
        rows: loaded?.statuses.find((entry) => entry.status === rithmicStatus)?.rows ?? [],
      }));
      const rows = STATUS_ORDER.reduce(
        (sum, rithmicStatus) => sum + (serverCounts.get(groupKey(phase, rithmicStatus)) ?? 0),
        0,
      );
      return rows > 0 ? [{ phase, rows, statuses }] : [];
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- serverCounts follows performance.data
  }, [performance.data, status, partial]);

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
  const serverSort = formatSorting(sorting.slice(0, 1)) || undefined;
  const exportCsv = async () => {
    if (date === null) return;
    let rows = allRows;
    if (partial) {
      setExporting(true);
      try {
        const every = await allLatestPerformanceRows({ date, status, sort: serverSort });
        rows = groupByPhaseAndStatus(
          every,
          (row) => row.accountType,
          (row) => row.rithmicStatus,
        ).flatMap((group) =>
          group.statuses.flatMap((entry) => sortRows(columns, entry.rows, sorting)),
        );
      } finally {
        setExporting(false);
      }
    }
    downloadCsv(`latest-performance-${date}.csv`, tableCsv(columns, rows));
  };
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
          loading={exporting}
          onClick={() => void exportCsv()}
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
          <PhaseStatusSections
            groups={groups}
            counts={partial ? (key) => serverCounts.get(key) ?? 0 : undefined}
            isOpen={isOpen}
            setOpen={setOpen}
          >
            {({ key, label, rows }) =>
              partial ? (
                <ServerGroupTable
                  view={{ date: date ?? undefined, status, group: key, sort: serverSort }}
                  label={label}
                  columns={columns}
                />
              ) : (
                <PerformanceTable label={label} urlKey={key} rows={rows} columns={columns} />
              )
            }
          </PhaseStatusSections>
        </Stack>
      )}
    </>
  );
}
