import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AccountStatusBadge, ComplianceBadge, FlagBadge } from '@/components/badges/badges';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatFractionPercent,
  MISSING,
} from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { useAccountDetail } from '@/api/summaries';
import { Fields, SectionCard } from './account-sections';
import { LOAD_ERROR_TEXT, NO_SUMMARY_TEXT } from '../summary-texts';
import { paths } from '@/config/paths';

/**
 * Account Summary Details (spec 001 §2.10): the stored summary of the account in six sections, with
 * 'Back to Account'. Win rate with 1 decimal, profit factor with 2.
 */
export function AccountSummaryDetailPage() {
  const { accountId = '' } = useParams();
  const detail = useAccountDetail(accountId);
  const back = (
    <Button asChild variant="outline" size="sm">
      <RouterLink to={paths.accountDetails.href({ accountId })}>Back to Account</RouterLink>
    </Button>
  );

  if (detail.isPending) return <PageLoading label="Loading..." />;
  if (detail.isError) {
    return (
      <>
        <PageHeader title="Account Summary Details" />
        <PageError
          title={LOAD_ERROR_TEXT}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      </>
    );
  }
  const data = detail.data;
  const summary = data.summary;
  return (
    <>
      <PageHeader title="Account Summary Details" />
      <HStack gap="4" wrap="wrap" mb="4" justify="space-between">
        <HStack gap="4" wrap="wrap" fontSize="sm">
          <Text>
            Account:{' '}
            <Text as="span" fontFamily="mono">
              {data.accountId}
            </Text>
          </Text>
          <Text>
            Trader:{' '}
            <Text as="span" fontFamily="mono">
              {data.traderId}
            </Text>
          </Text>
          <Text>Program: {data.program?.name ?? 'N/A'}</Text>
          <HStack gap="1">
            <Text>Status:</Text>
            <AccountStatusBadge status={summary?.accountStatus ?? data.status} />
          </HStack>
        </HStack>
        {back}
      </HStack>
      {summary === null ? (
        <Text color="fg.muted">{NO_SUMMARY_TEXT}</Text>
      ) : (
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
            <SectionCard title="Balance & Financial Information">
              <Fields
                items={[
                  ['Starting Balance', <Money value={summary.startingBalance} />],
                  ['Current Balance', <Money value={summary.currentBalance} />],
                  ['Peak Balance', <Money value={summary.peakBalance} />],
                  ['Total Profit', <Money value={summary.totalProfit} signed />],
                  ['Current Drawdown', <Money value={summary.currentDrawdown} />],
                  ['Total Drawdown', <Money value={summary.totalDrawdown} />],
                  ['Profit Target', <Money value={summary.profitTarget} />],
                  [
                    'Profit Target Progress',
                    formatFractionPercent(summary.profitTargetProgress, 1),
                  ],
                  ['Profit Target Achieved', <FlagBadge value={summary.profitTargetAchieved} />],
                ]}
              />
            </SectionCard>
            <SectionCard title="Trading Statistics">
              <Fields
                items={[
                  ['Total Trades', formatCount(summary.totalTrades)],
                  ['Winning Trades', formatCount(summary.winningTrades)],
                  ['Losing Trades', formatCount(summary.losingTrades)],
                  ['Win Rate', formatFractionPercent(summary.winRate, 1)],
                  ['Average Win', <Money value={summary.averageWin} signed />],
                  ['Average Loss', <Money value={summary.averageLoss} signed />],
                  ['Profit Factor', formatDecimal(summary.profitFactor, 2)],
                  ['Max Consecutive Wins', formatCount(summary.maxConsecutiveWins)],
                  ['Max Consecutive Losses', formatCount(summary.maxConsecutiveLosses)],
                  ['Monthly Trade Count', formatCount(summary.monthlyTradeCount)],
                ]}
              />
            </SectionCard>
            <SectionCard title="Compliance & Rules">
              <Fields
                items={[
                  ['Conformance Status', <ComplianceBadge status={summary.conformanceStatus} />],
                  [
                    'Overall Score',
                    summary.overallScore === null ? MISSING : `${summary.overallScore} / 100`,
                  ],
                  [
                    'Consistency Rule Compliant',
                    <FlagBadge value={summary.consistencyRuleCompliant} />,
                  ],
                  [
                    'Trailing Drawdown Compliant',
                    <FlagBadge value={summary.trailingDrawdownCompliant} />,
                  ],
                  ['Active Rule Violations', formatCount(summary.activeRuleViolations)],
                  [
                    'Inactivity Warning',
                    <FlagBadge value={summary.inactivityWarning} goodWhen={false} />,
                  ],
                  ['Payout Eligible', <FlagBadge value={summary.payoutEligible} />],
                  [
                    'First Payout Requirements Met',
                    <FlagBadge value={summary.firstPayoutRequirementsMet} />,
                  ],
                  // Decision 35: days traded; a payout rule's days under their own label.
                  ['Trading Days', formatCount(summary.tradingDaysCompleted)],
                  ['Minimum Trading Days', formatCount(summary.minTradingDaysRequired)],
                  ...(summary.payoutDaysRequired != null
                    ? [
                        [
                          'Payout Days',
                          `${formatCount(summary.payoutDaysCompleted)} of ${formatCount(summary.payoutDaysRequired)}`,
                        ] as [string, ReactNode],
                      ]
                    : []),
                ]}
              />
            </SectionCard>
            <SectionCard title="Date Information">
              <Fields
                items={[
                  ['Start Date', formatDate(summary.startDate)],
                  ['Last Trading Date', formatDate(summary.lastTradingDate)],
                  ['Last Calculation Date', formatDate(summary.lastCalculationDate)],
                  ['Phase Passed', formatDate(summary.phasePassedDate)],
                  ['Phase Failed', formatDate(summary.phaseFailedDate)],
                  ['Last Conformance Check', formatDateTime(summary.lastconformanceCheck)],
                  ['Created', formatDateTime(summary.createdAt)],
                  ['Updated', formatDateTime(summary.updatedAt)],
                ]}
              />
            </SectionCard>
          </SimpleGrid>
          <SectionCard title="Other Information">
            <Fields
              items={[
                ['Phase', summary.phase],
                ['Consecutive Winning Days', formatCount(summary.consecutiveWinningDays)],
                ['Payouts', formatCount(summary.payoutHistory.length)],
                ['Reset Count', formatCount(data.resetCount)],
              ]}
            />
          </SectionCard>
          <SectionCard title="Raw Summary Data">
            <Box
              as="pre"
              aria-label="Raw summary data"
              tabIndex={0}
              fontFamily="mono"
              fontSize="xs"
              bg="bg.muted"
              p="3"
              rounded="md"
              maxH="400px"
              overflow="auto"
            >
              {JSON.stringify(summary, null, 2)}
            </Box>
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
