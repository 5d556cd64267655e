import {
  Box,
  Button,
  HStack,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuCalendarX } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ConformanceRule } from '@shared/rules/conformance';
import { OverallStatusBadge } from '@/components/badges/badges';
import { formatCount, formatDate } from '@/lib/format';
import { Money, Percent } from '@/components/figures/money-text';
import { conformanceBalanceRows } from '@/components/figures/conformance-rows';
import { CodeBlock } from '@/components/json-modal/code-block';
import { JsonModal } from '@/components/json-modal/json-modal';
import {
  RuleDetailsModal,
  type RuleDetailsTarget,
} from '@/components/rule-details-modal/rule-details-modal';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { ApiError, errorText } from '@/lib/api-client';
import { usePerformanceReport } from '@/api/performance';
import {
  MAX_TRADES_SHOWN,
  isTradingDateParam,
  ruleTargetOf,
  tradesNote,
} from '../performance-format';
import { DataTable } from '@/components/data-table/data-table';
import { ConformanceRulesTable } from '@/components/rule-details-modal/conformance-rules-table';
import { paths } from '@/config/paths';
import { DailyLossSection } from '@/components/verdict/account-verdict-section';
import { dailySymbolColumns, dailyTradeColumns } from './daily-performance-columns';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="md" p="4">
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Figures({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
      {items.map(([label, value]) => (
        <Stat.Root key={label}>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize="lg">{value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

/**
 * Daily performance details (spec 001 §2.11): one account-day's figures, conformance, symbols and
 * first 50 trades. Win Rate is the day's WinPct percentage with two decimals (decision 9).
 */
export function DailyPerformancePage() {
  const { accountId = '', date } = useParams();
  const validDate = isTradingDateParam(date) ? date : undefined;
  const report = usePerformanceReport(accountId, validDate);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [rule, setRule] = useState<RuleDetailsTarget | null>(null);
  const title = `Daily Performance: ${accountId}`;
  const subtitle = validDate ? formatDate(validDate) : undefined;
  const back = (
    <Link asChild colorPalette="blue">
      <RouterLink to={paths.accountDetails.href({ accountId })}>Back to Account Summary</RouterLink>
    </Link>
  );

  if (validDate === undefined) {
    return (
      <>
        <PageHeader title={title} />
        <PageEmpty
          icon={<LuCalendarX />}
          title="No Data Available"
          description="The date must be eight digits, YYYYMMDD."
        />
        {back}
      </>
    );
  }
  if (report.isPending) return <PageLoading label="Loading daily performance..." />;
  if (report.isError) {
    const notFound = report.error instanceof ApiError && report.error.status === 404;
    return (
      <>
        <PageHeader title={title} subtitle={subtitle} />
        {notFound ? (
          <PageEmpty
            icon={<LuCalendarX />}
            title="No Data Available"
            description={`No performance data for ${accountId} on ${formatDate(validDate)}.`}
          />
        ) : (
          <PageError
            title="Error Loading Data"
            error={new Error(`Failed to load daily performance data: ${errorText(report.error)}`)}
            onRetry={() => void report.refetch()}
          />
        )}
        <Box mt="4">{back}</Box>
      </>
    );
  }

  const day = report.data;
  const conformance = day.conformance;
  const trades = day.trades.slice(0, MAX_TRADES_SHOWN);
  const openRule = (entry: ConformanceRule) => setRule(ruleTargetOf(entry));

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <HStack gap="3" mb="5" wrap="wrap">
        <Button variant="outline" onClick={() => setJsonOpen(true)}>
          View JSON
        </Button>
        {back}
      </HStack>
      <Stack gap="5">
        <Section title="Key Performance Metrics">
          <Figures
            items={[
              ['Account Balance', <Money value={day.AcctBal} />],
              ['Net P&L', <Money value={day.NetPnl} signed />],
              ['Total Trades', formatCount(day.Trades)],
              ['Win Rate', <Percent value={day.WinPct} decimals={2} />],
            ]}
          />
        </Section>
        <Section title="Profit & Loss Breakdown">
          <Figures
            items={[
              ['Closed P&L', <Money value={day.ClosedPnl} signed />],
              ['High P&L', <Money value={day.HighPnl} signed />],
              ['Low P&L', <Money value={day.LowPnl} signed />],
              ['Commissions', <Money value={day.Commissions} />],
            ]}
          />
        </Section>
        <Section title="Trading Activity">
          <Figures
            items={[
              ['Winning Trades', formatCount(day.WinTrades)],
              ['Losing Trades', formatCount(day.LoserTrades)],
              ['Total Trades', formatCount(day.Trades)],
              ['Buy Quantity', formatCount(day.BuyQty)],
              ['Sell Quantity', formatCount(day.SellQty)],
              ['Net Quantity', formatCount(day.NetQty)],
              ['Quantity Traded', formatCount(day.QtyTraded)],
              ['Trading Days', formatCount(day.NoTradingDays)],
            ]}
          />
        </Section>
        <Section title="Conformance Status">
          {conformance === null ? (
            <Text color="fg.muted">This day has not been judged yet.</Text>
          ) : (
            <Stack gap="4">
              <HStack gap="3" wrap="wrap">
                <OverallStatusBadge status={conformance.overallStatus} />
                <Text fontSize="sm">Score {conformance.overallScore} / 100</Text>
                <Link asChild colorPalette="blue" fontSize="sm">
                  <RouterLink to={paths.conformanceDetail.href({ accountId, date: validDate })}>
                    View Conformance Detail
                  </RouterLink>
                </Link>
              </HStack>
              <Figures
                items={[
                  ['Evaluation Date', formatDate(conformance.evaluationDate)],
                  ['Days Traded', formatCount(conformance.daysTradedCount)],
                  ...conformanceBalanceRows(conformance),
                ]}
              />
              <ConformanceRulesTable rules={conformance.rules} onOpenRule={openRule} />
            </Stack>
          )}
        </Section>
        <DailyLossSection accountId={accountId} date={validDate} />
        <Section title="Symbol Breakdown">
          {day.symbols.length === 0 ? (
            <Text color="fg.muted">No symbols traded.</Text>
          ) : (
            <DataTable
              label="Symbol breakdown"
              sortable={false}
              data={day.symbols}
              columns={dailySymbolColumns}
              getRowId={(symbol) => `${symbol.Symbol}-${symbol.Exchange ?? ''}`}
            />
          )}
        </Section>
        <Section title="Trade Details">
          {day.trades.length === 0 ? (
            <Text color="fg.muted">No trades.</Text>
          ) : (
            <>
              {day.trades.length > MAX_TRADES_SHOWN && (
                <Text fontSize="sm" color="fg.muted" mb="2">
                  {tradesNote(trades.length, day.trades.length)}
                </Text>
              )}
              <DataTable
                label="Trade details"
                sortable={false}
                maxH="480px"
                data={trades}
                columns={dailyTradeColumns}
                getRowId={(trade) => trade.FillId}
              />
            </>
          )}
        </Section>
        <Section title="Raw Data (debug)">
          <Box as="details">
            <Box as="summary" cursor="pointer" fontSize="sm">
              Show raw JSON
            </Box>
            <Box mt="2">
              <CodeBlock maxH="400px">{JSON.stringify(day, null, 2)}</CodeBlock>
            </Box>
          </Box>
        </Section>
      </Stack>
      <JsonModal
        open={jsonOpen}
        title={`Daily Performance ${accountId} ${formatDate(validDate)}`}
        value={day}
        onClose={() => setJsonOpen(false)}
      />
      <RuleDetailsModal target={rule} onClose={() => setRule(null)} />
    </>
  );
}
