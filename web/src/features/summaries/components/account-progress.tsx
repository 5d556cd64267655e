import { SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AccountDetail } from '@shared/summaries/account-detail';
import { FlagBadge } from '@/components/badges/badges';
import { MISSING, formatCount, formatMoney, formatPercent } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { SectionCard } from '@/components/section/section-card';
import type { AccountProgress, ChartTargets } from '../account-figures';

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
