import { Button, HStack, Icon, Input, Link, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuChartLine, LuDownload } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type {
  PerformanceListRow,
  PerformanceSortColumn,
} from '@shared/performance/performance-list';
import { groupByPhaseAndStatus } from '@/components/account-groups/account-groups';
import { AccountStatusBadge, PhaseBadge } from '@/components/badges/badges';
import { downloadCsv } from '@/components/data-table/csv';
import { MISSING, dateInputValue, formatCount, formatDate, orMissing } from '@/lib/format';
import { Money, Percent } from '@/components/figures/money-text';
import { PhaseStatusSections } from '@/components/section/collapsible-section';
import { DEFAULT_PAGE_SIZE, Pager, clampPage } from '@/components/section/pager';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { useLatestPerformance } from '@/api/performance';
import { performanceCsv } from '../performance-csv';
import {
  formatPerformanceSort,
  nextPerformanceSort,
  parsePerformanceSort,
  shortAccountId,
  sortPerformanceRows,
  type PerformanceSort,
} from '../performance-sort';

export const NO_PERFORMANCE_TEXT = 'No performance data is currently available for today.';

/** The chosen day's empty state (a date picked in the URL with no data). */
export function noPerformanceOnText(date: string): string {
  return `No performance data is available for ${formatDate(date)}.`;
}

const SortButton = chakra('button');
const DateLabel = chakra('label');

type Column =
  | { id: PerformanceSortColumn; title: string; numeric: boolean }
  | { id: 'traderEmail' | 'accountType' | 'status'; title: string; numeric: false };

/**
 * The columns in order; Trader Email, Phase Type and Status are not sortable (spec 000 §2). Status
 * is the judged status (issue 24): a failed account the broker still lists as Active is marked.
 */
const COLUMNS: Column[] = [
  { id: 'Account', title: 'Account', numeric: false },
  { id: 'traderEmail', title: 'Trader Email', numeric: false },
  { id: 'accountType', title: 'Phase Type', numeric: false },
  { id: 'status', title: 'Status', numeric: false },
  { id: 'ClosedPnl', title: 'ClosedPnl', numeric: true },
  { id: 'NetPnl', title: 'NetPnl', numeric: true },
  { id: 'Commissions', title: 'Commissions', numeric: true },
  { id: 'Trades', title: 'Trades', numeric: true },
  { id: 'WinTrades', title: 'WinTrades', numeric: true },
  { id: 'LoserTrades', title: 'LoserTrades', numeric: true },
  { id: 'WinPct', title: 'WinPct', numeric: true },
  { id: 'CashBal', title: 'CashBal', numeric: true },
  { id: 'AcctBal', title: 'AcctBal', numeric: true },
];

function isSortable(column: Column): column is Extract<Column, { id: PerformanceSortColumn }> {
  return column.id !== 'traderEmail' && column.id !== 'accountType' && column.id !== 'status';
}

function cell(row: PerformanceListRow, column: Column) {
  switch (column.id) {
    case 'Account':
      return (
        <Link asChild fontFamily="mono" colorPalette="blue">
          <RouterLink
            to={`/summaries/account/${encodeURIComponent(row.Account)}`}
            title={row.Account}
          >
            {shortAccountId(row.Account)}
          </RouterLink>
        </Link>
      );
    case 'traderEmail':
      // Long addresses are cut with an ellipsis (the whole one in the title) so the figures fit.
      return (
        <Text as="span" display="block" truncate maxW="48" title={row.traderEmail}>
          {orMissing(row.traderEmail)}
        </Text>
      );
    case 'accountType':
      return <PhaseBadge phase={row.accountType} />;
    case 'status':
      return row.status ? <AccountStatusBadge status={row.status} /> : MISSING;
    case 'ClosedPnl':
    case 'NetPnl':
      return <Money value={row[column.id]} signed />;
    case 'Commissions':
    case 'CashBal':
    case 'AcctBal':
      return <Money value={row[column.id]} />;
    case 'WinPct':
      return <Percent value={row.WinPct} decimals={1} />;
    default:
      return formatCount(row[column.id]);
  }
}

function PerformanceTable({
  label,
  rows,
  sort,
  onSort,
}: {
  label: string;
  rows: readonly PerformanceListRow[];
  sort: PerformanceSort;
  onSort: (column: PerformanceSortColumn) => void;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((column) => {
              const sorted = isSortable(column) && sort.column === column.id;
              return (
                <Table.ColumnHeader
                  key={column.id}
                  textAlign={column.numeric ? 'end' : undefined}
                  verticalAlign="bottom"
                  aria-sort={sorted ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  {isSortable(column) ? (
                    <SortButton
                      type="button"
                      display="inline-flex"
                      alignItems="center"
                      gap="0.5"
                      fontWeight="inherit"
                      cursor="pointer"
                      onClick={() => onSort(column.id)}
                    >
                      {column.title}
                      <Icon
                        as={sorted ? (sort.desc ? LuArrowDown : LuArrowUp) : LuArrowUpDown}
                        boxSize="3"
                        color={sorted ? 'fg' : 'fg.subtle'}
                        aria-hidden
                      />
                    </SortButton>
                  ) : (
                    column.title
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.Account}>
              {COLUMNS.map((column) => (
                <Table.Cell
                  key={column.id}
                  textAlign={column.numeric ? 'end' : undefined}
                  whiteSpace="nowrap"
                >
                  {cell(row, column)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** `?date=YYYYMMDD` when it is one, else undefined (the latest day). */
function dateParam(value: string | null): string | undefined {
  return value !== null && /^\d{8}$/.test(value) ? value : undefined;
}

/**
 * Latest Performance (spec 000 §2): every account's figures of the latest data date, or of the day
 * picked (`?date=YYYYMMDD`, issue 24), grouped by phase and broker status, sorted by one column (in
 * the URL; NetPnl descending by default). Groups page their rows like All Accounts; Export CSV
 * writes every row of the day in the groups' order and the chosen sort.
 */
export function LatestPerformancePage() {
  const [params, setParams] = useSearchParams();
  const sort = parsePerformanceSort(params.get('sort'));
  const [openState, setOpenState] = useState<Record<string, boolean>>({});
  const askedDate = dateParam(params.get('date'));
  const performance = useLatestPerformance(askedDate);

  const sortText = formatPerformanceSort(sort);
  const groups = useMemo(() => {
    const sorted = sortPerformanceRows(
      performance.data?.data ?? [],
      parsePerformanceSort(sortText),
    );
    return groupByPhaseAndStatus(
      sorted,
      (row) => row.accountType,
      (row) => row.rithmicStatus,
    );
  }, [performance.data, sortText]);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  const onSort = (column: PerformanceSortColumn) => {
    const next = nextPerformanceSort(sort, column);
    const pages = Object.fromEntries(
      [...params.keys()].filter((name) => name.endsWith('-page')).map((name) => [name, undefined]),
    );
    update({ ...pages, sort: formatPerformanceSort(next) });
  };
  const isOpen = (key: string, fallback: boolean) => openState[key] ?? fallback;
  const setOpen = (key: string, open: boolean) =>
    setOpenState((current) => ({ ...current, [key]: open }));

  const date = performance.data?.meta.date ?? null;
  const latestDate = performance.data?.meta.latestDate ?? null;
  const pickDate = (value: string) => {
    const compact = value.replaceAll('-', '');
    const pages = Object.fromEntries(
      [...params.keys()].filter((name) => name.endsWith('-page')).map((name) => [name, undefined]),
    );
    update({ ...pages, date: /^\d{8}$/.test(compact) ? compact : undefined });
  };
  const allRows = groups.flatMap((group) => group.statuses.flatMap((status) => status.rows));
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
          <Button size="sm" variant="outline" onClick={() => update({ date: undefined })}>
            Latest day
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          ms="auto"
          disabled={allRows.length === 0 || date === null}
          onClick={() =>
            date !== null &&
            downloadCsv(`latest-performance-${date}.csv`, performanceCsv(allRows, date))
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
            askedDate !== undefined ? noPerformanceOnText(askedDate) : NO_PERFORMANCE_TEXT
          }
        />
      ) : (
        <Stack gap="8">
          <PhaseStatusSections groups={groups} isOpen={isOpen} setOpen={setOpen}>
            {({ key, label, rows }) => {
              const page = clampPage(
                Number(params.get(`${key}-page`) ?? 1),
                rows.length,
                DEFAULT_PAGE_SIZE,
              );
              return (
                <>
                  <PerformanceTable
                    label={label}
                    rows={rows.slice((page - 1) * DEFAULT_PAGE_SIZE, page * DEFAULT_PAGE_SIZE)}
                    sort={sort}
                    onSort={onSort}
                  />
                  {rows.length > DEFAULT_PAGE_SIZE && (
                    <Pager
                      label={label}
                      page={page}
                      rows={rows.length}
                      pageSize={DEFAULT_PAGE_SIZE}
                      onPageChange={(next) => update({ [`${key}-page`]: String(next) })}
                    />
                  )}
                </>
              );
            }}
          </PhaseStatusSections>
        </Stack>
      )}
    </>
  );
}
