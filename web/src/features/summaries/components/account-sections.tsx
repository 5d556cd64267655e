import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountDetail } from '@shared/summaries/account-detail';
import type { AccountSummaryRecord } from '@shared/summaries/account-summary-record';
import {
  AccountStatusBadge,
  ComplianceBadge,
  FlagBadge,
  PhaseBadge,
  RithmicStatusBadge,
  SeverityBadge,
} from '@/components/badges/badges';
import {
  MISSING,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  orMissing,
} from '@/lib/format';
import { FieldList, type FieldRow } from '@/components/figures/field-list';
import { Mono } from '@/components/figures/mono-text';
import { tradeStatisticRows } from '@/components/figures/summary-fields';
import { SectionCard } from '@/components/section/section-card';
import { PROGRAM_TYPE_LABELS } from '@/lib/programs/program-labels';
import { paths } from '@/config/paths';
import type { ChartTargets } from '../account-figures';

/** The account pages' label and value lists, their labels lined up. */
export function Fields({ items }: { items: FieldRow[] }) {
  return <FieldList items={items} labelWidth="36" />;
}

/**
 * "Phase Failed": the day and the rule that failed the phase (the summary's decisive breach), linking
 * to that day's conformance detail; '-' while the phase has not failed.
 */
export function PhaseFailedValue({ summary }: { summary: AccountSummaryRecord }) {
  const date = summary.phaseFailedDate;
  if (date === null) return <>{formatDate(date)}</>;
  const breach = summary.decisiveBreach;
  return (
    <Link asChild colorPalette="blue">
      <RouterLink to={paths.conformanceDetail.href({ accountId: summary.accountId, date })}>
        {formatDate(date)}
        {breach ? ` · ${breach.name || breach.ruleId}` : ''}
      </RouterLink>
    </Link>
  );
}

/** The payout side of a summary's compliance, as both account pages list it. */
export function payoutFlagRows(summary: AccountSummaryRecord): FieldRow[] {
  return [
    ['Active Rule Violations', formatCount(summary.activeRuleViolations)],
    ['Inactivity Warning', <FlagBadge value={summary.inactivityWarning} goodWhen={false} />],
    ['Payout Eligible', <FlagBadge value={summary.payoutEligible} />],
    ['First Payout Requirements Met', <FlagBadge value={summary.firstPayoutRequirementsMet} />],
  ];
}

/** Spec 001 §2.9 Account Information: the thirteen fields. */
export function AccountInformation({
  detail,
  targets,
}: {
  detail: AccountDetail;
  targets: ChartTargets;
}) {
  const summary = detail.summary;
  const type = detail.type ?? detail.programVersion?.type;
  return (
    <SectionCard title="Account Information">
      <Fields
        items={[
          ['Account', <Mono>{detail.accountId}</Mono>],
          ['Trader', <Mono>{detail.traderId}</Mono>],
          ['Email', orMissing(detail.email)],
          [
            'Program',
            detail.program ? `${detail.program.name} (v${detail.program.version})` : 'N/A',
          ],
          ['Type', type ? PROGRAM_TYPE_LABELS[type] : MISSING],
          ['Rithmic Status', <RithmicStatusBadge status={detail.rithmicStatus} />],
          ['PBT Status', orMissing(detail.pbtStatus)],
          ['Phase', <PhaseBadge phase={detail.phase} />],
          ['Start', formatDate(summary?.startDate ?? detail.createdDate)],
          ['Last Trade', formatDate(summary?.lastTradingDate)],
          ['Calc Date', formatDate(summary?.lastCalculationDate)],
          ['Target Profit', formatMoney(targets.profitTarget)],
          ['Max Drawdown', formatMoney(targets.maxDrawdown)],
        ]}
      />
    </SectionCard>
  );
}

/** Win rate with 1 decimal, profit factor with 2 (spec 001 §9). */
export function TradingStatistics({ detail }: { detail: AccountDetail }) {
  const summary = detail.summary;
  return (
    <SectionCard title="Trading Statistics">
      <Fields
        items={[
          ...tradeStatisticRows(summary),
          ['Max Consecutive Wins', formatCount(summary?.maxConsecutiveWins)],
          ['Max Consecutive Losses', formatCount(summary?.maxConsecutiveLosses)],
          ['Trading Days', formatCount(summary?.tradingDaysCompleted)],
          ...(summary?.payoutDaysRequired != null
            ? [['Payout Days', formatCount(summary.payoutDaysCompleted)] as FieldRow]
            : []),
          ['Consecutive Winning Days', formatCount(summary?.consecutiveWinningDays)],
          ['Monthly Trade Count', formatCount(summary?.monthlyTradeCount)],
        ]}
      />
    </SectionCard>
  );
}

export function CompliancePayout({ detail }: { detail: AccountDetail }) {
  const summary = detail.summary;
  if (summary === null) {
    return (
      <SectionCard title="Compliance & Payout">
        <Text color="fg.muted">No summary data available for this account.</Text>
      </SectionCard>
    );
  }
  return (
    <SectionCard title="Compliance & Payout">
      <Stack gap="4">
        <Fields
          items={[
            ['Account Status', <AccountStatusBadge status={summary.accountStatus} />],
            ['Conformance', <ComplianceBadge status={summary.conformanceStatus} />],
            ['Consistency Rule', <FlagBadge value={summary.consistencyRuleCompliant} />],
            ['Trailing Drawdown', <FlagBadge value={summary.trailingDrawdownCompliant} />],
            ...payoutFlagRows(summary),
            ['Phase Passed', formatDate(summary.phasePassedDate)],
            ['Phase Failed', <PhaseFailedValue summary={summary} />],
          ]}
        />
        {summary.activeViolations.length > 0 && (
          <Stack gap="2">
            <Heading as="h3" size="sm">
              Active Violations
            </Heading>
            {summary.activeViolations.map((violation) => (
              <Stack
                key={`${violation.ruleId}-${violation.date}`}
                direction="row"
                gap="2"
                align="center"
                wrap="wrap"
              >
                <SeverityBadge severity={violation.severity} />
                <Text fontSize="sm">
                  {formatDate(violation.date)} — {violation.name}: {violation.description}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
        {summary.payoutHistory.length > 0 && (
          <Text fontSize="sm">
            Payouts:{' '}
            {summary.payoutHistory
              .map((payout) => `${formatDate(payout.date)} ${formatMoney(payout.amount)}`)
              .join(', ')}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

/** Spec 001 §2.9 other info: internal ids, times and the reset count. */
export function TechnicalDetails({
  detail,
  actions,
}: {
  detail: AccountDetail;
  actions: ReactNode;
}) {
  return (
    <SectionCard title="Technical Details" actions={actions}>
      <Fields
        items={[
          ['Internal Account ID', <Mono>{detail.accountId}</Mono>],
          ['Trader ID', <Mono>{detail.traderId}</Mono>],
          ['Program Prefix', orMissing(detail.program?.prefix)],
          ['Program Version', detail.program ? String(detail.program.version) : MISSING],
          ['FCM / IB', `${orMissing(detail.fcm)} / ${orMissing(detail.ib)}`],
          ['Currency', detail.currency],
          // Accounts created by the sync carry the broker's creation date, not a timestamp.
          [
            'Created',
            detail.createdAt
              ? formatDateTime(detail.createdAt)
              : formatDate(detail.createdDate ?? detail.summary?.startDate),
          ],
          ['Updated', formatDateTime(detail.updatedAt ?? detail.summary?.updatedAt)],
          ['Last Conformance Check', formatDateTime(detail.summary?.lastconformanceCheck)],
          ['Reset Count', String(detail.resetCount)],
        ]}
      />
    </SectionCard>
  );
}
