import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AccountStatusBadge, ComplianceBadge, FlagBadge } from '@/components/badges/badges';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatFractionPercent,
  MISSING,
} from '@/lib/format';
import type { FieldRow } from '@/components/figures/field-list';
import { Money } from '@/components/figures/money-text';
import { Mono } from '@/components/figures/mono-text';
import { tradeStatisticRows } from '@/components/figures/summary-fields';
import { CodeBlock } from '@/components/json-modal/code-block';
import { SectionCard } from '@/components/section/section-card';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-states';
import { useAccountDetail } from '@/api/summaries';
import { Fields, PhaseFailedValue, payoutFlagRows } from './account-sections';
import { AccountLoadError } from './account-load-error';
import { NO_SUMMARY_TEXT } from '../summary-texts';
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
    return <AccountLoadError title="Account Summary Details" query={detail} />;
  }
  const data = detail.data;
  const summary = data.summary;
  return (
    <>
      <PageHeader title="Account Summary Details" />
      <HStack gap="4" wrap="wrap" mb="4" justify="space-between">
        <HStack gap="4" wrap="wrap" fontSize="sm">
          <Text>
            Account: <Mono>{data.accountId}</Mono>
          </Text>
          <Text>
            Trader: <Mono>{data.traderId}</Mono>
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
                  ...tradeStatisticRows(summary),
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
                  ...payoutFlagRows(summary),
                  // Decision 35: days traded; a payout rule's days under their own label.
                  ['Trading Days', formatCount(summary.tradingDaysCompleted)],
                  ['Minimum Trading Days', formatCount(summary.minTradingDaysRequired)],
                  ...(summary.payoutDaysRequired != null
                    ? [
                        [
                          'Payout Days',
                          `${formatCount(summary.payoutDaysCompleted)} of ${formatCount(summary.payoutDaysRequired)}`,
                        ] as FieldRow,
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
                  ['Phase Failed', <PhaseFailedValue summary={summary} />],
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
            <CodeBlock label="Raw summary data" maxH="400px">
              {JSON.stringify(summary, null, 2)}
            </CodeBlock>
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
