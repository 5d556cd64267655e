import { Box, Button, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { resetConfirmText } from '@shared/accounts/account';
import type { AccountDetail } from '@shared/summaries/account-detail';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { JsonModal } from '@/components/json-modal/json-modal';
import { PageHeader } from '@/components/ui/page-header';
import { DownloadEvidenceButton } from '@/components/evidence/download-evidence-button';
import { PageLoading } from '@/components/ui/page-states';
import { SectionCard } from '@/components/section/section-card';
import { FloorMismatchLink } from '@/components/reconciliation/floor-mismatch-link';
import { AccountAuditTrailTable } from '@/components/account-audit-trail/account-audit-trail';
import { AccountVerdictSection } from '@/components/verdict/account-verdict-section';
import { AccountPayoutsSection } from '@/components/payouts/account-payouts-section';
import { paths } from '@/config/paths';
import { useAccountDetail } from '@/api/summaries';
import { useAccountRecord } from '@/api/accounts';
import { useAccountBalances, useAccountDays } from '@/api/account-days';
import type { DailyPerformance } from '@shared/performance/daily-performance';
import { LoadMoreButton, type NextPages } from '@/components/section/load-more-button';
import {
  accountProgress,
  balancePoints,
  chartTargets,
  currentPhaseOf,
  newestFirst,
  type ChartTargets,
} from '../account-figures';
import { CommentForm, CommentList } from './account-comments';
import { AccountActionBar } from './account-action-bar';
import { AccountLoadError } from './account-load-error';
import { BalanceCards, ProgressSection } from './account-progress';
import {
  AccountInformation,
  CompliancePayout,
  TechnicalDetails,
  TradingStatistics,
} from './account-sections';
import { DailyConformanceReport, DailyPerformanceTable } from './daily-tables';
import { useAccountActions } from './use-account-actions';

const BalanceChart = lazy(() =>
  import('./balance-chart').then((module) => ({ default: module.BalanceChart })),
);

/**
 * The balance chart of every day the account has (its one-point-a-day series, read apart from the
 * paged days so the chart shows the whole history however few days the tables have loaded).
 */
function AccountBalanceChart({
  accountId,
  startingBalance,
  targets,
}: {
  accountId: string;
  startingBalance: number;
  targets: ChartTargets;
}) {
  const balances = useAccountBalances(accountId);
  if (balances.isPending) return <Spinner role="status" aria-label="Loading chart" />;
  if (balances.isError) return <Text color="fg.error">Error loading the balance chart.</Text>;
  const points = balancePoints(balances.data, startingBalance, targets);
  if (points.length === 0) return <Text color="fg.muted">No balance data yet.</Text>;
  return (
    <Suspense fallback={<Spinner role="status" aria-label="Loading chart" />}>
      <BalanceChart points={points} startingBalance={startingBalance} />
    </Suspense>
  );
}

/** The account's sections below the buttons, in the spec's order. */
function AccountSections({
  data,
  loaded,
  pages,
  onReset,
}: {
  data: AccountDetail;
  /** The days read so far: the answer's newest page and the older pages loaded after it. */
  loaded: readonly DailyPerformance[];
  pages: NextPages;
  onReset: () => void;
}) {
  const targets = chartTargets(data);
  const progress = accountProgress(data, targets);
  const days = newestFirst(loaded);
  const startingBalance =
    data.summary?.startingBalance ??
    currentPhaseOf(data)?.startingBalance ??
    data.program?.currentPhaseData.startingBalance ??
    0;
  const violationRules = data.rules.filter((rule) => rule.type === 'violation').length;
  return (
    <>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
        <AccountInformation detail={data} targets={targets} />
        <Stack gap="5">
          <ProgressSection detail={data} targets={targets} progress={progress} />
          <SectionCard title="Comments">
            <CommentList comments={data.descriptions} />
          </SectionCard>
        </Stack>
      </SimpleGrid>
      <SectionCard title="Daily Conformance Report">
        <Stack gap="3">
          <DailyConformanceReport accountId={data.accountId} days={days} />
          {pages.hasNextPage && (
            <Box>
              <LoadMoreButton pages={pages} />
            </Box>
          )}
        </Stack>
      </SectionCard>
      <BalanceCards detail={data} targets={targets} progress={progress} />
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
        <TradingStatistics detail={data} />
        <CompliancePayout detail={data} />
      </SimpleGrid>
      <SectionCard title="Daily Performance">
        <Stack gap="3">
          <DailyPerformanceTable
            accountId={data.accountId}
            days={days}
            violationRules={violationRules}
          />
          {pages.hasNextPage && (
            <Box>
              <LoadMoreButton pages={pages} />
            </Box>
          )}
        </Stack>
      </SectionCard>
      <SectionCard title="Balance Chart">
        <AccountBalanceChart
          accountId={data.accountId}
          startingBalance={startingBalance}
          targets={targets}
        />
      </SectionCard>
      <SectionCard title="Audit Trail">
        <AccountAuditTrailTable accountNumber={data.accountId} />
      </SectionCard>
      <TechnicalDetails
        detail={data}
        actions={
          <Button size="sm" variant="outline" colorPalette="red" onClick={onReset}>
            Reset Account
          </Button>
        }
      />
    </>
  );
}

/**
 * Account details (spec 001 §2.9): ten sections, five buttons (Refresh, Update Program, View Account
 * JSON, Add Comment, Current Summary), the daily tables, comments and the nivo balance chart.
 */
export function AccountDetailsPage() {
  const { accountId = '' } = useParams();
  const detail = useAccountDetail(accountId);
  const { days, pages } = useAccountDays(accountId, detail.data);
  const actions = useAccountActions(accountId, detail.refetch);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [commentOpen, setCommentOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const record = useAccountRecord(accountId, jsonOpen);

  if (detail.isPending) return <PageLoading label="Loading account..." />;
  if (detail.isError) {
    return <AccountLoadError title={`Account ${accountId}`} query={detail} />;
  }
  const data = detail.data;

  return (
    <>
      <PageHeader
        title={`Account ${data.accountId}`}
        subtitle={[data.name, data.program?.name].filter(Boolean).join(' · ') || undefined}
        actions={<DownloadEvidenceButton accountId={data.accountId} />}
      />
      <FloorMismatchLink accountId={data.accountId} />
      <AccountActionBar
        status={actions.status}
        refreshing={actions.refreshing}
        onRefresh={actions.onRefresh}
        updatingProgram={actions.updatingProgram}
        onUpdateProgram={actions.onUpdateProgram}
        onViewJson={() => setJsonOpen(true)}
        commentOpen={commentOpen}
        onAddComment={() => setCommentOpen(true)}
        onCurrentSummary={() => actions.onCurrentSummary(data)}
      />
      <Stack gap="5">
        {commentOpen && (
          <SectionCard title="Add Comment">
            <CommentForm
              isPending={actions.commenting}
              onSubmit={async (body) => {
                await actions.onComment(body);
                setCommentOpen(false);
              }}
              onCancel={() => setCommentOpen(false)}
            />
          </SectionCard>
        )}
        <AccountVerdictSection
          accountId={data.accountId}
          dayHref={(date) => paths.conformanceDetail.href({ accountId: data.accountId, date })}
        />
        <AccountPayoutsSection accountId={data.accountId} audience="staff" />
        <AccountSections
          data={data}
          loaded={days}
          pages={pages}
          onReset={() => setResetOpen(true)}
        />
      </Stack>

      <JsonModal
        open={jsonOpen}
        title={`Account ${accountId} JSON`}
        value={record.data}
        loading={record.data === undefined}
        onClose={() => setJsonOpen(false)}
      />
      <ConfirmDialog
        open={resetOpen}
        title="Reset account"
        message={`${resetConfirmText(accountId)} Its judgement restarts from the phase's starting balance at the next synced day; its stored days and comments stay.`}
        confirmLabel="Reset Account"
        destructive
        isPending={actions.resetting}
        onConfirm={() => actions.onReset(() => setResetOpen(false))}
        onClose={() => setResetOpen(false)}
      />
    </>
  );
}
