import { Alert, Button, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PROGRAM_UPDATED_MESSAGE, resetConfirmText } from '@shared/accounts/account';
import type { AccountCommentBody } from '@shared/comments/account-comment';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { JsonModal } from '@/components/json-modal/json-modal';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { ApiError, errorText } from '@/lib/api-client';
import { AccountAuditTrailTable } from '@/components/account-audit-trail/account-audit-trail';
import { useAccountDetail } from '@/api/summaries';
import {
  useAccountRecord,
  useAddComment,
  useRefreshAccount,
  useResetAccount,
  useUpdateAccountProgram,
} from '@/api/accounts';
import {
  accountProgress,
  balancePoints,
  chartTargets,
  currentPhaseOf,
  newestFirst,
} from '../account-figures';
import { LOAD_ERROR_TEXT, NO_SUMMARY_TEXT } from '../summary-texts';
import { CommentForm, CommentList } from './account-comments';
import {
  AccountInformation,
  BalanceCards,
  CompliancePayout,
  ProgressSection,
  SectionCard,
  TechnicalDetails,
  TradingStatistics,
} from './account-sections';
import { DailyConformanceReport, DailyPerformanceTable } from './daily-tables';
import { paths } from '@/config/paths';

const BalanceChart = lazy(() =>
  import('./balance-chart').then((module) => ({ default: module.BalanceChart })),
);

/** Spec 001 §9: status messages clear after 5 s; the page re-fetches 1 s after a refresh. */
export const STATUS_CLEAR_MS = 5_000;
export const REFETCH_DELAY_MS = 1_000;

interface StatusMessage {
  kind: 'success' | 'error';
  text: string;
}

/** A status line that clears itself after 5 s (spec 001 §4). */
function useStatusMessage() {
  const [status, setStatus] = useState<StatusMessage | null>(null);
  useEffect(() => {
    if (status === null) return undefined;
    const timer = setTimeout(() => setStatus(null), STATUS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return [status, setStatus] as const;
}

/**
 * Account details (spec 001 §2.9): ten sections, five buttons (Refresh, Update Program, View Account
 * JSON, Add Comment, Current Summary), the daily tables, comments and the nivo balance chart.
 */
export function AccountDetailsPage() {
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useAccountDetail(accountId);
  const [status, setStatus] = useStatusMessage();
  const [jsonOpen, setJsonOpen] = useState(false);
  const [commentOpen, setCommentOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const record = useAccountRecord(accountId, jsonOpen);
  const refresh = useRefreshAccount(accountId);
  const updateProgram = useUpdateAccountProgram(accountId);
  const addComment = useAddComment(accountId);
  const reset = useResetAccount(accountId);
  const refetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(refetchTimer.current), []);

  if (detail.isPending) return <PageLoading label="Loading account..." />;
  if (detail.isError) {
    return (
      <>
        <PageHeader title={`Account ${accountId}`} />
        <PageError
          title={LOAD_ERROR_TEXT}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      </>
    );
  }
  const data = detail.data;
  const targets = chartTargets(data);
  const progress = accountProgress(data, targets);
  const days = newestFirst(data.performances);
  const startingBalance =
    data.summary?.startingBalance ??
    currentPhaseOf(data)?.startingBalance ??
    data.program?.currentPhaseData.startingBalance ??
    0;
  const points = balancePoints(data.performances, startingBalance, targets, data.drawdowns);
  const violationRules = data.rules.filter((rule) => rule.type === 'violation').length;

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.success) {
          setStatus({ kind: 'success', text: `✓ ${answer.message ?? 'Account refreshed'}` });
          clearTimeout(refetchTimer.current);
          refetchTimer.current = setTimeout(() => void detail.refetch(), REFETCH_DELAY_MS);
        } else {
          setStatus({
            kind: 'error',
            text: `✗ ${answer.error ?? answer.message ?? 'Refresh failed'}`,
          });
        }
      },
      onError: (error) => setStatus({ kind: 'error', text: `✗ ${errorText(error)}` }),
    });

  const onUpdateProgram = () =>
    updateProgram.mutate(undefined, {
      onSuccess: (answer) =>
        setStatus(
          answer.message === PROGRAM_UPDATED_MESSAGE
            ? { kind: 'success', text: `✓ ${PROGRAM_UPDATED_MESSAGE}` }
            : { kind: 'error', text: `✗ ${answer.message ?? 'Failed to update program'}` },
        ),
      onError: (error) => setStatus({ kind: 'error', text: `✗ ${errorText(error)}` }),
    });

  const onComment = async (body: AccountCommentBody) => {
    try {
      const answer = await addComment.mutateAsync(body);
      setStatus({ kind: 'success', text: `✓ ${answer.message}` });
      setCommentOpen(false);
    } catch (error) {
      setStatus({
        kind: 'error',
        text:
          error instanceof ApiError
            ? `Failed to add comment: ${errorText(error)}`
            : `Error adding comment: ${errorText(error)}`,
      });
      throw error;
    }
  };

  const onCurrentSummary = () => {
    if (data.summary === null) setStatus({ kind: 'error', text: NO_SUMMARY_TEXT });
    else navigate(paths.accountSummaryDetail.href({ accountId }));
  };

  return (
    <>
      <PageHeader
        title={`Account ${data.accountId}`}
        subtitle={[data.name, data.program?.name].filter(Boolean).join(' · ') || undefined}
      />
      <HStack gap="2" wrap="wrap" mb="4">
        <Button
          onClick={onRefresh}
          loading={refresh.isPending}
          loadingText="Refreshing..."
          title="Re-judge the account from the data the futures-trading data provider (Rithmic) sent"
        >
          Refresh
        </Button>
        <Button
          variant="outline"
          onClick={onUpdateProgram}
          loading={updateProgram.isPending}
          loadingText="Updating..."
        >
          Update Program
        </Button>
        <Button variant="outline" onClick={() => setJsonOpen(true)}>
          View Account JSON
        </Button>
        <Button variant="outline" onClick={() => setCommentOpen(true)} aria-expanded={commentOpen}>
          Add Comment
        </Button>
        <Button variant="outline" onClick={onCurrentSummary}>
          Current Summary
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb="4">
        Refresh re-judges this account from the days the futures-trading data provider sent.
      </Text>
      {status && (
        <Alert.Root status={status.kind} mb="4" role="status">
          <Alert.Indicator />
          <Alert.Title>{status.text}</Alert.Title>
        </Alert.Root>
      )}

      <Stack gap="5">
        {commentOpen && (
          <SectionCard title="Add Comment">
            <CommentForm
              isPending={addComment.isPending}
              onSubmit={onComment}
              onCancel={() => setCommentOpen(false)}
            />
          </SectionCard>
        )}
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
          <DailyConformanceReport accountId={data.accountId} days={days} />
        </SectionCard>
        <BalanceCards detail={data} targets={targets} progress={progress} />
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
          <TradingStatistics detail={data} />
          <CompliancePayout detail={data} />
        </SimpleGrid>
        <SectionCard title="Daily Performance">
          <DailyPerformanceTable
            accountId={data.accountId}
            days={days}
            violationRules={violationRules}
          />
        </SectionCard>
        <SectionCard title="Balance Chart">
          {points.length === 0 ? (
            <Text color="fg.muted">No balance data yet.</Text>
          ) : (
            <Suspense fallback={<Spinner role="status" aria-label="Loading chart" />}>
              <BalanceChart points={points} startingBalance={startingBalance} />
            </Suspense>
          )}
        </SectionCard>
        <SectionCard title="Audit Trail">
          <AuditTrailSection accountId={data.accountId} />
        </SectionCard>
        <TechnicalDetails
          detail={data}
          actions={
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setResetOpen(true)}
            >
              Reset Account
            </Button>
          }
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
        isPending={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: (answer) => {
              setStatus({ kind: 'success', text: `✓ ${answer.message}` });
              setResetOpen(false);
            },
            onError: (error) => {
              setStatus({ kind: 'error', text: `✗ ${errorText(error)}` });
              setResetOpen(false);
            },
          })
        }
        onClose={() => setResetOpen(false)}
      />
    </>
  );
}

function AuditTrailSection({ accountId }: { accountId: string }) {
  return <AccountAuditTrailTable accountNumber={accountId} />;
}
