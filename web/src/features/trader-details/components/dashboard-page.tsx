import {
  Badge,
  Button,
  HStack,
  Heading,
  SimpleGrid,
  Stack,
  Stat,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import type { DashboardRow } from '@shared/dashboard/dashboard-api';
import { AccountStatusBadge, PhaseBadge, SeverityBadge } from '@/components/badges/badges';
import { MISSING, formatCount, formatDate } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { DEFAULT_PAGE_SIZE, Pager, clampPage } from '@/components/section/pager';
import { PageError, PageLoading } from '@/components/ui/page-states';
import {
  DASHBOARD_FETCH_ERROR,
  dashboardKey,
  useDashboardAttention,
  useDashboardStats,
} from '@/api/dashboard';
import {
  ATTENTION_REASON_LABELS,
  statusCounts,
  topPerformers,
  violationRows,
  violationValueText,
} from '../dashboard-rows';
import { AccountLink, TraderLink } from './account-links';

export const TABS = ['overview', 'violations', 'top', 'attention'] as const;
type TabKey = (typeof TABS)[number];

/** The four cells every dashboard table starts a row with: account, trader, phase, judged status. */
function AccountCells({ row }: { row: DashboardRow }) {
  return (
    <>
      <Table.Cell>
        <AccountLink accountId={row.accountId} />
      </Table.Cell>
      <Table.Cell>
        <TraderLink traderId={row.traderId} />
      </Table.Cell>
      <Table.Cell>
        <PhaseBadge phase={row.phase} />
      </Table.Cell>
      <Table.Cell>
        <AccountStatusBadge status={row.accountStatus} />
      </Table.Cell>
    </>
  );
}

/** An account's profit-target progress as a small bar. */
function ProfitProgressCell({
  row,
  minW,
}: {
  row: Pick<DashboardRow, 'accountId' | 'profitTargetProgress'>;
  minW: string;
}) {
  return (
    <Table.Cell minW={minW}>
      <ProgressBar
        size="sm"
        kind="profit"
        label={`Profit progress of ${row.accountId}`}
        percent={row.profitTargetProgress * 100}
      />
    </Table.Cell>
  );
}

/** How much of an account's drawdown is used, as a small bar (`-` when it has no drawdown rule). */
function DrawdownUsedCell({ row }: { row: Pick<DashboardRow, 'accountId' | 'drawdownUsage'> }) {
  return (
    <Table.Cell minW="36">
      {row.drawdownUsage === null ? (
        MISSING
      ) : (
        <ProgressBar
          size="sm"
          kind="drawdown"
          label={`Drawdown used of ${row.accountId}`}
          percent={row.drawdownUsage * 100}
        />
      )}
    </Table.Cell>
  );
}

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Stat.Root borderWidth="1px" rounded="md" p="3">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="2xl">{formatCount(value)}</Stat.ValueText>
    </Stat.Root>
  );
}

function ScrollTable({
  label,
  head,
  children,
}: {
  label: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {head.map((title) => (
              <Table.ColumnHeader key={title}>{title}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Text color="fg.muted" py="4">
      {children}
    </Text>
  );
}

/** The page of a tab's rows, kept in the URL (`?page=`). */
function usePage(rows: number) {
  const [params, setParams] = useSearchParams();
  const page = clampPage(Number(params.get('page') ?? 1), rows, DEFAULT_PAGE_SIZE);
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { replace: true },
    );
  return { page, setPage, start: (page - 1) * DEFAULT_PAGE_SIZE };
}

/** A {@link ScrollTable} of one page of `rows` and its {@link Pager}; the page is in the URL. */
function PagedTable<Row>({
  label,
  head,
  rows,
  children,
}: {
  label: string;
  head: string[];
  rows: readonly Row[];
  children: (row: Row) => ReactNode;
}) {
  const { page, setPage, start } = usePage(rows.length);
  return (
    <>
      <ScrollTable label={label} head={head}>
        {rows.slice(start, start + DEFAULT_PAGE_SIZE).map(children)}
      </ScrollTable>
      <Pager
        label={label}
        page={page}
        rows={rows.length}
        pageSize={DEFAULT_PAGE_SIZE}
        onPageChange={setPage}
      />
    </>
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
        <PagedTable
          label="All accounts"
          head={[
            'Account',
            'Trader',
            'Phase',
            'Status',
            'Balance',
            'Profit Progress',
            'Drawdown Used',
            'Last Calculation',
          ]}
          rows={rows}
        >
          {(row) => (
            <Table.Row key={row.accountId}>
              <AccountCells row={row} />
              <Table.Cell textAlign="end">
                <Money value={row.currentBalance} />
              </Table.Cell>
              <ProfitProgressCell row={row} minW="36" />
              <DrawdownUsedCell row={row} />
              <Table.Cell>{formatDate(row.lastCalculationDate)}</Table.Cell>
            </Table.Row>
          )}
        </PagedTable>
      )}
    </Stack>
  );
}

function ViolationsTab({ rows }: { rows: ReturnType<typeof violationRows> }) {
  if (rows.length === 0) return <Empty>No rule violations in force.</Empty>;
  return (
    <Stack gap="2">
      <PagedTable
        label="Rule violations"
        head={[
          'Date',
          'Account',
          'Trader',
          'Rule',
          'Severity',
          'Value',
          'Threshold',
          'Description',
        ]}
        rows={rows}
      >
        {(row) => (
          <Table.Row key={`${row.accountId}-${row.ruleId}-${row.date}`}>
            <Table.Cell whiteSpace="nowrap">{formatDate(row.date)}</Table.Cell>
            <Table.Cell>
              <AccountLink accountId={row.accountId} />
            </Table.Cell>
            <Table.Cell>
              <TraderLink traderId={row.traderId} />
            </Table.Cell>
            <Table.Cell>
              <Text>{row.name || row.ruleId}</Text>
              <Text fontSize="xs" color="fg.muted">
                {row.category}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <SeverityBadge severity={row.severity} />
            </Table.Cell>
            <Table.Cell textAlign="end">{violationValueText(row.category, row.value)}</Table.Cell>
            <Table.Cell textAlign="end">
              {violationValueText(row.category, row.threshold)}
            </Table.Cell>
            <Table.Cell fontSize="xs" minW="60" whiteSpace="normal">
              {row.description}
            </Table.Cell>
          </Table.Row>
        )}
      </PagedTable>
    </Stack>
  );
}

function TopPerformersTab({ rows }: { rows: readonly DashboardRow[] }) {
  if (rows.length === 0) return <Empty>No account has made progress toward its target yet.</Empty>;
  return (
    <ScrollTable
      label="Top performers"
      head={[
        '#',
        'Account',
        'Trader',
        'Phase',
        'Status',
        'Profit Progress',
        'Total Profit',
        'Balance',
      ]}
    >
      {rows.map((row, index) => (
        <Table.Row key={row.accountId}>
          <Table.Cell>{index + 1}</Table.Cell>
          <AccountCells row={row} />
          <ProfitProgressCell row={row} minW="40" />
          <Table.Cell textAlign="end">
            <Money value={row.totalProfit} signed />
          </Table.Cell>
          <Table.Cell textAlign="end">
            <Money value={row.currentBalance} />
          </Table.Cell>
        </Table.Row>
      ))}
    </ScrollTable>
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
      <PagedTable
        label="Needs attention"
        head={['Account', 'Trader', 'Phase', 'Why', 'Profit Progress', 'Drawdown Used']}
        rows={rows}
      >
        {(row) => (
          <Table.Row key={row.accountId}>
            <Table.Cell>
              <AccountLink accountId={row.accountId} />
              <Text fontSize="xs" color="fg.muted">
                {row.name}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <TraderLink traderId={row.traderId} />
            </Table.Cell>
            <Table.Cell>
              <PhaseBadge phase={row.phase} />
            </Table.Cell>
            <Table.Cell>
              <HStack gap="1" wrap="wrap">
                {row.reasons.map((reason) => (
                  <Badge
                    key={reason}
                    colorPalette={
                      reason === 'close-to-passing'
                        ? 'green'
                        : reason === 'drawdown'
                          ? 'red'
                          : 'yellow'
                    }
                  >
                    {ATTENTION_REASON_LABELS[reason]}
                  </Badge>
                ))}
              </HStack>
            </Table.Cell>
            <ProfitProgressCell row={row} minW="36" />
            <DrawdownUsedCell row={row} />
          </Table.Row>
        )}
      </PagedTable>
    </Stack>
  );
}

/**
 * The Account Summary Dashboard (`/performance/dashboard`, spec 001 §2.7): the counts, and tabs
 * Overview, Rule Violations (count), Top Performers and Needs Attention; the tab and its page are in
 * the URL; Refresh re-reads both calls.
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(requested ?? '')
    ? (requested as TabKey)
    : 'overview';
  const queryClient = useQueryClient();
  const stats = useDashboardStats();
  const attention = useDashboardAttention();
  const violations = useMemo(() => violationRows(attention.data), [attention.data]);
  const top = useMemo(() => topPerformers(stats.data?.allAccounts ?? []), [stats.data]);
  const refreshing = stats.isFetching || attention.isFetching;

  const setTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('page');
        if (next === 'overview') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

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
            {attentionBody(<ViolationsTab rows={violations} />)}
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
