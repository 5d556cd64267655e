import { Badge, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import type { Conformance, ConformanceRule } from '@shared/rules/conformance';
import type { PerformanceReport } from '@shared/performance/performance-report';
import {
  MISSING,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
} from '@/lib/format';
import { conformanceBalanceRows } from '@/components/figures/conformance-rows';
import type { FieldRow } from '@/components/figures/field-list';
import { Money, Percent } from '@/components/figures/money-text';
import { Mono } from '@/components/figures/mono-text';
import { ConformanceRulesTable } from '@/components/rule-details-modal/conformance-rules-table';

/** Label and value pairs in a grid that folds to two columns on a phone. */
function Fields({ items }: { items: FieldRow[] }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap="4">
      {items.map(([label, value]) => (
        <Stat.Root key={label} data-field={label}>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize="md" fontWeight="semibold" wordBreak="break-word">
            {value}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

const mono = (text: string | undefined) => <Mono>{text || 'N/A'}</Mono>;

/** Durations are days (spec 000); four decimals keep a trade of minutes readable (0.0125 = 18 min). */
const days = (value: number | undefined) => {
  const text = formatDecimal(value, 4);
  return text === MISSING ? text : `${text} days`;
};

/** Spec 000 §2: the report's overall status is green when compliant, otherwise yellow. */
function ReportStatusBadge({ status }: { status: string }) {
  const palette = status === 'compliant' ? 'green' : 'yellow';
  return (
    <Badge colorPalette={palette} data-color-palette={palette} variant="subtle">
      {status}
    </Badge>
  );
}

export function BasicMetrics({ report }: { report: PerformanceReport }) {
  return (
    <Fields
      items={[
        ['Account', mono(report.Account)],
        ['FCM', report.fcm || 'N/A'],
        ['IB', report.ib || 'N/A'],
        ['Date', formatDate(report.date)],
        ['Closed P&L', <Money value={report.ClosedPnl} signed />],
        ['Net P&L', <Money value={report.NetPnl} signed />],
        ['Commissions', <Money value={report.Commissions} />],
        ['Cash Balance', <Money value={report.CashBal} signed />],
        ['Account Balance', <Money value={report.AcctBal} signed />],
        [
          'Auto Liquidate Threshold',
          report.AutoLiquidateThresholdValue === undefined
            ? 'N/A'
            : formatMoney(report.AutoLiquidateThresholdValue),
        ],
        ['High P&L', <Money value={report.HighPnl} signed />],
        ['Low P&L', <Money value={report.LowPnl} signed />],
        ['Average Win', <Money value={report.AvgWin} signed />],
        ['Average Loss', <Money value={report.AvgLoss} signed />],
      ]}
    />
  );
}

export function TradingStatistics({ report }: { report: PerformanceReport }) {
  return (
    <Fields
      items={[
        ['Total Trades', formatCount(report.Trades)],
        ['Winning Trades', formatCount(report.WinTrades)],
        ['Losing Trades', formatCount(report.LoserTrades)],
        ['Win Percentage', <Percent value={report.WinPct} decimals={2} />],
        ['Loss Percentage', <Percent value={report.LoserPct} decimals={2} />],
        ['Number of Trading Days', formatCount(report.NoTradingDays)],
        ['Buy Quantity', formatCount(report.BuyQty)],
        ['Sell Quantity', formatCount(report.SellQty)],
        ['Net Quantity', formatCount(report.NetQty)],
        ['Traded Quantity', formatCount(report.QtyTraded)],
        ['Max Consecutive Wins', formatCount(report.MaxConsecWin)],
        ['Max Consecutive Losses', formatCount(report.MaxConsecLoss)],
        ['Average Win Duration', days(report.AvgWinDuration)],
        ['Average Loss Duration', days(report.AvgLossDuration)],
      ]}
    />
  );
}

export function ConformanceRules({
  conformance,
  onOpenRule,
}: {
  conformance: Conformance | null;
  onOpenRule: (rule: ConformanceRule) => void;
}) {
  if (conformance === null) {
    return <Text color="fg.muted">This day has not been judged yet.</Text>;
  }
  return (
    <Stack gap="5">
      <Fields
        items={[
          ['Overall Status', <ReportStatusBadge status={conformance.overallStatus} />],
          ['Evaluation Date', formatDate(conformance.evaluationDate)],
          ['Days Traded Count', formatCount(conformance.daysTradedCount)],
          ...conformanceBalanceRows(conformance),
        ]}
      />
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Rule Details
        </Heading>
        {conformance.rules.length === 0 ? (
          <Text color="fg.muted">No rules were evaluated for this day.</Text>
        ) : (
          <ConformanceRulesTable
            label="Rule details"
            rules={conformance.rules}
            onOpenRule={onOpenRule}
          />
        )}
      </Stack>
    </Stack>
  );
}

export function Metadata({ report }: { report: PerformanceReport }) {
  return (
    <Fields
      items={[
        ['Trader ID', mono(report.traderId)],
        ['Trader Email', report.traderEmail || 'N/A'],
        [
          'File Modified Date',
          report.fileModifiedDate ? formatDateTime(report.fileModifiedDate) : 'N/A',
        ],
      ]}
    />
  );
}
