import { Button, HStack, Heading, SimpleGrid, Stack, Stat, Tabs, Text } from '@chakra-ui/react';
import {
  useIsFetching,
  useQueryClient,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import type { DashboardData } from '@shared/dashboard/dashboard-api';
import { DataTable } from '@/components/data-table/data-table';
import { formatCount } from '@/lib/format';
import { isPageParam, useUrlFilters } from '@/lib/url-state';
import { PageError, PageLoading } from '@/components/ui/page-states';
import {
  DASHBOARD_FETCH_ERROR,
  dashboardKey,
  useDashboardAccountPages,
  useDashboardStats,
  useFailurePages,
  useNeedsAttentionPages,
  useViolationPages,
} from '@/api/dashboard';
import { LoadMoreButton, type NextPages } from '@/components/section/load-more-button';
import type { ColumnDef } from '@tanstack/react-table';
import { topPerformers, violationRows } from '../dashboard-rows';
import {
  attentionColumns,
  failureColumns,
  overviewColumns,
  topColumns,
  violationColumns,
} from './dashboard-columns';

export const TABS = ['overview', 'violations', 'top', 'attention'] as const;
type TabKey = (typeof TABS)[number];
/** The tab (`?tab=`, Overview when absent). */
const VIEW_PARAMS = ['tab'] as const;

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Stat.Root borderWidth="1px" rounded="md" p="3">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="2xl">{formatCount(value)}</Stat.ValueText>
    </Stat.Root>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Text color="fg.muted" py="4">
      {children}
    </Text>
  );
}

type Pages<Row> = UseInfiniteQueryResult<InfiniteData<{ data: Row[] }>, Error>;

/** The rows of a paged list read so far. */
function rowsOf<Row>(pages: Pages<Row>): Row[] {
  return pages.data?.pages.flatMap((page) => page.data) ?? [];
}

/** What a paged list's screen needs of its infinite query. */
type ListPages = NextPages & {
  isPending: boolean;
  isError: boolean;
  data?: unknown;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

/**
 * A list read from the server in pages (≤ 200 rows each, after the previous page's cursor): its
 * loading and error states, then the table of the rows read so far and 'Load more' while there is
 * more. The table pages and sorts what was read.
 */
function PagedList<Row>({
  pages,
  rows,
  loading,
  empty,
  ...table
}: {
  pages: ListPages;
  rows: Row[];
  loading: string;
  empty: string;
  label: string;
  columns: ColumnDef<Row>[];
  getRowId: (row: Row) => string;
  urlKey?: string;
}) {
  if (pages.isPending) return <PageLoading label={loading} />;
  if (pages.isError && !pages.data) {
    return (
      <PageError
        title={DASHBOARD_FETCH_ERROR}
        error={pages.error}
        onRetry={() => void pages.refetch()}
      />
    );
  }
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <Stack gap="3" align="flex-start" width="full">
      <DataTable data={rows} paging={{ always: true }} {...table} />
      <LoadMoreButton pages={pages} />
    </Stack>
  );
}

function OverviewTab({ stats }: { stats: DashboardData }) {
  const pages = useDashboardAccountPages('account');
  const rows = useMemo(() => rowsOf(pages), [pages]);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" aria-label="Accounts by status">
        <StatCard label="Trading (active)" value={stats.byStatus.active} />
        <StatCard label="Passed" value={stats.byStatus.passed} />
        <StatCard label="Failed" value={stats.byStatus.failed} />
        <StatCard label="Broker Inactive" value={stats.byBroker.Inactive} />
        <StatCard label="Admin Only" value={stats.byBroker['Admin Only']} />
        <StatCard label="Not judged yet" value={stats.notJudged} />
      </SimpleGrid>
      <PagedList
        pages={pages}
        rows={rows}
        loading="Loading accounts..."
        empty="No accounts found."
        label="All accounts"
        columns={overviewColumns}
        getRowId={(row) => row.accountId}
      />
    </Stack>
  );
}

/**
 * Rule Violations: every failed account with the rule and day that failed it (a single-day rule's
 * breach is no longer in force the next day, the failure stays), then the violations in force.
 */
function ViolationsTab({ stats }: { stats: DashboardData }) {
  const failurePages = useFailurePages();
  const failures = useMemo(() => rowsOf(failurePages), [failurePages]);
  const violationPages = useViolationPages();
  const rows = useMemo(() => violationRows(rowsOf(violationPages)), [violationPages]);
  return (
    <Stack gap="5">
      {stats.failures > 0 && (
        <Stack gap="2">
          <Heading as="h2" size="md">
            Failed Accounts ({formatCount(stats.failures)})
          </Heading>
          <PagedList
            pages={failurePages}
            rows={failures}
            loading="Loading failed accounts..."
            empty="No failed accounts."
            label="Failed accounts"
            columns={failureColumns}
            getRowId={(row) => row.accountId}
            urlKey="failed"
          />
        </Stack>
      )}
      <Stack gap="2">
        {stats.failures > 0 && stats.violations > 0 && (
          <Heading as="h2" size="md">
            Violations ({formatCount(stats.violations)})
          </Heading>
        )}
        <PagedList
          pages={violationPages}
          rows={rows}
          loading="Loading accounts needing attention..."
          empty="No rule violations in force."
          label="Rule violations"
          columns={violationColumns}
          getRowId={(row) => `${row.accountId}-${row.ruleId}-${row.date}`}
        />
      </Stack>
    </Stack>
  );
}

function TopPerformersTab() {
  const pages = useDashboardAccountPages('top');
  const rows = useMemo(() => topPerformers(rowsOf(pages)), [pages]);
  if (pages.isPending) return <PageLoading label="Loading top performers..." />;
  if (pages.isError) {
    return (
      <PageError
        title={DASHBOARD_FETCH_ERROR}
        error={pages.error}
        onRetry={() => void pages.refetch()}
      />
    );
  }
  if (rows.length === 0) return <Empty>No account has made progress toward its target yet.</Empty>;
  return (
    <DataTable
      label="Top performers"
      data={rows}
      columns={topColumns}
      getRowId={(row) => row.accountId}
    />
  );
}

function AttentionTab() {
  const pages = useNeedsAttentionPages();
  const rows = useMemo(() => rowsOf(pages), [pages]);
  return (
    <PagedList
      pages={pages}
      rows={rows}
      loading="Loading accounts needing attention..."
      empty="No accounts need attention."
      label="Needs attention"
      columns={attentionColumns}
      getRowId={(row) => row.accountId}
    />
  );
}

/**
 * The Account Summary Dashboard (`/performance/dashboard`, spec 001 §2.7): the counts, and tabs
 * Overview, Rule Violations (count), Top Performers and Needs Attention; the tab and its page are in
 * the URL; each tab's rows are read from the server in pages ('Load more'); Refresh re-reads them all.
 */
export function DashboardPage() {
  // Another tab is another table: its first page, its own order.
  const [view, update] = useUrlFilters(VIEW_PARAMS, {
    resets: (name) => isPageParam(name) || name === 'sort' || name === 'failed.sort',
  });
  const tab: TabKey = (TABS as readonly string[]).includes(view.tab)
    ? (view.tab as TabKey)
    : 'overview';
  const queryClient = useQueryClient();
  const stats = useDashboardStats();
  const refreshing = useIsFetching({ queryKey: dashboardKey }) > 0;

  const setTab = (next: string) => update({ tab: next === 'overview' ? '' : next });

  let body: ReactNode;
  if (stats.isPending) body = <PageLoading label="Loading dashboard..." />;
  else if (stats.isError) {
    body = (
      <PageError
        title={DASHBOARD_FETCH_ERROR}
        error={stats.error}
        onRetry={() => void stats.refetch()}
      />
    );
  } else {
    const data = stats.data;
    body = (
      <Stack gap="5">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label="Summary counts">
          <StatCard label="Total Accounts" value={data.totalAccounts} />
          <StatCard label="Active" value={data.activeAccounts} />
          <StatCard label="Evaluation" value={data.accountsByPhase.evaluation} />
          <StatCard label="Sim-Funded" value={data.accountsByPhase['sim-funded']} />
          <StatCard label="Live-Funded" value={data.accountsByPhase['live-funded']} />
          <StatCard label="Demo" value={data.accountsByPhase.demo} />
          <StatCard label="Completed" value={data.accountsByPhase.completed} />
          <StatCard label="Close to Passing" value={data.closeToPassing} />
        </SimpleGrid>
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setTab(details.value)}
          variant="line"
          lazyMount
        >
          <Tabs.List mb="4" overflowX="auto" overflowY="hidden">
            <Tabs.Trigger value="overview" whiteSpace="nowrap" flexShrink="0">
              Overview
            </Tabs.Trigger>
            <Tabs.Trigger value="violations" whiteSpace="nowrap" flexShrink="0">
              Rule Violations ({formatCount(data.violations)})
            </Tabs.Trigger>
            <Tabs.Trigger value="top" whiteSpace="nowrap" flexShrink="0">
              Top Performers
            </Tabs.Trigger>
            <Tabs.Trigger value="attention" whiteSpace="nowrap" flexShrink="0">
              Needs Attention
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="overview">
            <OverviewTab stats={data} />
          </Tabs.Content>
          <Tabs.Content value="violations">
            <ViolationsTab stats={data} />
          </Tabs.Content>
          <Tabs.Content value="top">
            <TopPerformersTab />
          </Tabs.Content>
          <Tabs.Content value="attention">
            <AttentionTab />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Account Summary Dashboard
        </Heading>
        <Button
          size="sm"
          variant="outline"
          loading={refreshing && !stats.isPending}
          disabled={refreshing}
          onClick={() => void queryClient.invalidateQueries({ queryKey: dashboardKey })}
        >
          <LuRefreshCw aria-hidden /> Refresh
        </Button>
      </HStack>
      {body}
    </Stack>
  );
}
