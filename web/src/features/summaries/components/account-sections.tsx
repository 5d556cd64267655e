import { Card, DataList, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AccountDetail } from '@shared/summaries/account-detail';
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
  formatDecimal,
  formatFractionPercent,
  formatMoney,
  formatPercent,
  orMissing,
} from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { PROGRAM_TYPE_LABELS } from '@/lib/programs/program-labels';
import type { AccountProgress, ChartTargets } from '../account-figures';

/** A titled card of the account page. */
export function SectionCard({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card.Root size="sm" as="section" aria-label={title}>
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center" gap="2">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {actions}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

export function Fields({ items }: { items: [string, ReactNode][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
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
  return (
    <SectionCard title="Account Information">
      <Fields
        items={[
          [
            'Account',
            <Text as="span" fontFamily="mono">
              {detail.accountId}
            </Text>,
          ],
          [
            'Trader',
            <Text as="span" fontFamily="mono">
              {detail.traderId}
            </Text>,
          ],
          ['Email', orMissing(detail.email)],
          [
            'Program',
            detail.program ? `${detail.program.name} (v${detail.program.version})` : 'N/A',
          ],
          [
            'Type',
            (() => {
              const type = detail.type ?? detail.programVersion?.type;
              return type ? PROGRAM_TYPE_LABELS[type] : MISSING;
            })(),
          ],
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

/** The three progress bars with the spec's colours (decision 12). */
export function ProgressSection({
  progress,
  targets,
  detail,
}: {
  progress: AccountProgress;
  targets: ChartTargets;
  detail: AccountDetail;
}) {
  const summary = detail.summary;
  return (
    <SectionCard title="Latest Performance Progress">
      <Stack gap="4">
        <Stack gap="1">
          <Text fontSize="sm">
            Profit Target — {formatMoney(summary?.totalProfit)} of{' '}
            {formatMoney(targets.profitTarget)}
          </Text>
          <ProgressBar label="Profit target progress" kind="profit" percent={progress.profit} />
        </Stack>
        <Stack gap="1">
          <Text fontSize="sm">
            Drawdown — {formatMoney(progress.drawdownAmount)} of {formatMoney(targets.maxDrawdown)}
          </Text>
          <ProgressBar label="Drawdown used" kind="drawdown" percent={progress.drawdown} />
        </Stack>
        <Stack gap="1">
          <Text fontSize="sm">
            Trading Days — {formatCount(progress.tradedDays)}
            {targets.minDays === null ? ' (no minimum)' : ` of ${targets.minDays}`}
          </Text>
          <ProgressBar label="Trading days progress" kind="days" percent={progress.days} />
        </Stack>
        {progress.payoutDays && (
          <Stack gap="1">
            <Text fontSize="sm">
              Payout Days — {formatCount(progress.payoutDays.completed)} of{' '}
              {formatCount(progress.payoutDays.required)}
            </Text>
            <ProgressBar
              label="Payout days progress"
              kind="days"
              percent={progress.payoutDays.percent}
            />
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}

/** Spec 001 §2.9 Balances & Performance: the ten cards. */
export function BalanceCards({
  detail,
  targets,
  progress,
}: {
  detail: AccountDetail;
  targets: ChartTargets;
  progress: AccountProgress;
}) {
  const summary = detail.summary;
  const fromPeak = summary === null ? undefined : summary.currentBalance - summary.peakBalance;
  const cards: [string, ReactNode][] = [
    ['Start', <Money value={summary?.startingBalance} />],
    ['Current', <Money value={summary?.currentBalance} />],
    ['Peak', <Money value={summary?.peakBalance} />],
    ['Total Profit', <Money value={summary?.totalProfit} signed />],
    ['Profit from Peak', <Money value={fromPeak} signed />],
    ['Current Drawdown', <Money value={summary?.currentDrawdown} />],
    ['Total Drawdown', <Money value={summary?.totalDrawdown} />],
    ['Profit Target', <Money value={targets.profitTarget} />],
    ['Progress', formatPercent(Math.min(100, Math.max(0, progress.profit)), 1)],
    ['Achieved', summary ? <FlagBadge value={summary.profitTargetAchieved} /> : MISSING],
  ];
  return (
    <SectionCard title="Balances & Performance">
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3">
        {cards.map(([label, value]) => (
          <Stat.Root key={label} borderWidth="1px" rounded="md" p="3">
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText fontSize="lg">{value}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
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
          ['Total Trades', formatCount(summary?.totalTrades)],
          ['Winning Trades', formatCount(summary?.winningTrades)],
          ['Losing Trades', formatCount(summary?.losingTrades)],
          ['Win Rate', formatFractionPercent(summary?.winRate, 1)],
          ['Average Win', <Money value={summary?.averageWin} signed />],
          ['Average Loss', <Money value={summary?.averageLoss} signed />],
          ['Profit Factor', formatDecimal(summary?.profitFactor, 2)],
          ['Max Consecutive Wins', formatCount(summary?.maxConsecutiveWins)],
          ['Max Consecutive Losses', formatCount(summary?.maxConsecutiveLosses)],
          ['Trading Days', formatCount(summary?.tradingDaysCompleted)],
          ...(summary?.payoutDaysRequired != null
            ? [['Payout Days', formatCount(summary.payoutDaysCompleted)] as [string, ReactNode]]
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
            ['Phase Passed', formatDate(summary.phasePassedDate)],
            ['Phase Failed', formatDate(summary.phaseFailedDate)],
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
          [
            'Internal Account ID',
            <Text as="span" fontFamily="mono">
              {detail.accountId}
            </Text>,
          ],
          [
            'Trader ID',
            <Text as="span" fontFamily="mono">
              {detail.traderId}
            </Text>,
          ],
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
