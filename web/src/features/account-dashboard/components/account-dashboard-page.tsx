import { Button, HStack, Heading, SimpleGrid, Stack, Stat, Tabs, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import type { DashboardRow, FailedAccount } from '@shared/dashboard/dashboard-api';
import { DataTable } from '@/components/data-table/data-table';
import { formatCount } from '@/lib/format';
import { isPageParam, useUrlFilters } from '@/lib/url-state';
import { PageError, PageLoading } from '@/components/ui/page-states';
import {
  DASHBOARD_FETCH_ERROR,
  dashboardKey,
  useDashboardAttention,
  useDashboardStats,
} from '@/api/dashboard';
import { statusCounts, topPerformers, violationRows } from '../dashboard-rows';
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

function OverviewTab({ rows }: { rows: readonly DashboardRow[] }) {
  const counts = statusCounts(rows);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" aria-label="Accounts by status">
        <StatCard label="Trading (active)" value={counts.byStatus.active} />
        <StatCard label="Passed" value={counts.byStatus.passed} />
        <StatCard label="Failed" value={counts.byStatus.failed} />
        <StatCard label="Broker Inactive" value={counts.byBroker.Inactive} />
        <StatCard label="Admin Only" value={counts.byBroker['Admin Only']} />
        <StatCard label="Not judged yet" value={counts.notJudged} />
      </SimpleGrid>
      {rows.length === 0 ? (
        <Empty>No accounts found.</Empty>
      ) : (
        <DataTable
          label="All accounts"
          data={rows}
          columns={overviewColumns}
          getRowId={(row) => row.accountId}
          paging={{ always: true }}
        />
      )}
    </Stack>
  );
}

/**
 * Rule Violations: every failed account with the rule and day that failed it (a single-day rule's
 * breach is no longer in force the next day, the failure stays), then the violations in force.
 */
function ViolationsTab({
  rows,
  failures,
}: {
  rows: ReturnType<typeof violationRows>;
  failures: readonly FailedAccount[];
}) {
  return (
    <Stack gap="5">
      {failures.length > 0 && (
        <Stack gap="2">
          <Heading as="h2" size="md">
            Failed Accounts ({formatCount(failures.length)})
          </Heading>
          <DataTable
            label="Failed accounts"
            data={failures}
            columns={failureColumns}
            getRowId={(row) => row.accountId}
            urlKey="failed"
            paging={{ always: true }}
          />
        </Stack>
      )}
      {rows.length === 0 ? (
        <Empty>No rule violations in force.</Empty>
      ) : (
        <Stack gap="2">
          {failures.length > 0 && (
            <Heading as="h2" size="md">
              Violations ({formatCount(rows.length)})
            </Heading>
          )}
          <DataTable
            label="Rule violations"
            data={rows}
            columns={violationColumns}
            getRowId={(row) => `${row.accountId}-${row.ruleId}-${row.date}`}
            paging={{ always: true }}
          />
        </Stack>
      )}
    </Stack>
  );
}

function TopPerformersTab({ rows }: { rows: readonly DashboardRow[] }) {
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

function AttentionTab({
  rows,
}: {
  rows: NonNullable<ReturnType<typeof useDashboardAttention>['data']>['needsAttention'];
}) {
  if (rows.length === 0) return <Empty>No accounts need attention.</Empty>;
  return (
    <Stack gap="2">
      <DataTable
        label="Needs attention"
        data={rows}
        columns={attentionColumns}
        getRowId={(row) => row.accountId}
        paging={{ always: true }}
      />
    </Stack>
  );
}

/**
 * The Account Summary Dashboard (`/performance/dashboard`, spec 001 §2.7): the counts, and tabs
 * Overview, Rule Violations (count), Top Performers and Needs Attention; the tab and its page are in
 * the URL; Refresh re-reads both calls.
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
  const attention = useDashboardAttention();
  const violations = useMemo(() => violationRows(attention.data), [attention.data]);
  const top = useMemo(() => topPerformers(stats.data?.allAccounts ?? []), [stats.data]);
  const refreshing = stats.isFetching || attention.isFetching;

  const setTab = (next: string) => update({ tab: next === 'overview' ? '' : next });

  const attentionBody = (content: ReactNode) => {
    if (attention.isPending) return <PageLoading label="Loading accounts needing attention..." />;
    if (attention.isError) {
      return (
        <PageError
          title={DASHBOARD_FETCH_ERROR}
          error={attention.error}
          onRetry={() => void attention.refetch()}
        />
      );
    }
    return content;
  };

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
              Rule Violations ({attention.data ? formatCount(violations.length) : '…'})
            </Tabs.Trigger>
            <Tabs.Trigger value="top" whiteSpace="nowrap" flexShrink="0">
              Top Performers
            </Tabs.Trigger>
            <Tabs.Trigger value="attention" whiteSpace="nowrap" flexShrink="0">
              Needs Attention
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="overview">
            <OverviewTab rows={data.allAccounts} />
          </Tabs.Content>
          <Tabs.Content value="violations">
            {attentionBody(
              <ViolationsTab rows={violations} failures={attention.data?.failures ?? []} />,
            )}
          </Tabs.Content>
          <Tabs.Content value="top">
            <TopPerformersTab rows={top} />
          </Tabs.Content>
          <Tabs.Content value="attention">
            {attentionBody(<AttentionTab rows={attention.data?.needsAttention ?? []} />)}
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
