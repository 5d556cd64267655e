import {
  Alert,
  Badge,
  Button,
  Card,
  HStack,
  Heading,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LuBraces, LuRefreshCw } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Conformance, ConformanceRule } from '@shared/rules/conformance';
import type { PerformanceReport } from '@shared/performance/performance-report';
import {
  MISSING,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatLongDate,
  formatMoney,
} from '@/lib/format';
import { Money, Percent } from '@/components/figures/money-text';
import { JsonModal } from '@/components/json-modal/json-modal';
import { ConformanceRulesTable } from '@/components/rule-details-modal/conformance-rules-table';
import {
  RuleDetailsModal,
  type RuleDetailsTarget,
} from '@/components/rule-details-modal/rule-details-modal';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { ApiError, errorText } from '@/lib/api-client';
import { usePerformanceReport } from '@/api/performance';
import { useTrader } from '@/api/traders';
import { useRegenerateReport } from '@/api/performance';
import {
  RELOAD_FAILED_TEXT,
  REPORT_FETCH_FAILED_TEXT,
  REPORT_RELOAD_DELAY_MS,
  REPORT_SUCCESS_CLEAR_MS,
  UPDATE_FAILED_TEXT,
  UPDATE_SUCCESS_TEXT,
  tradingDateOfParam,
} from '../report-format';
import { reportRepairs, repairsText } from '@shared/performance/report-salvage';
import { SymbolPerformanceTable, TradeDetailsTable } from './report-tables';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';

type UpdateState =
  { kind: 'idle' } | { kind: 'updating' } | { kind: 'success' } | { kind: 'error'; text: string };

function ReportSection({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-label={title} size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
          {count !== undefined && (
            <Badge ms="2" variant="subtle" aria-label={`${count} rows`}>
              {formatCount(count)}
            </Badge>
          )}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Label and value pairs in a grid that folds to two columns on a phone. */
function Fields({ items }: { items: [string, ReactNode][] }) {
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

const mono = (text: string | undefined) => (
  <Text as="span" fontFamily="mono">
    {text || 'N/A'}
  </Text>
);

/** Durations are days (spec 000); four decimals keep a trade of minutes readable (0.0125 = 18 min). */
const days = (value: number | undefined) => {
  const text = formatDecimal(value, 4);
  return text === MISSING ? text : `${text} days`;
};

/** The server's words, else the error's own message, else the screen's `fallback`. */
function failureText(error: unknown, fallback: string): string {
  const own = !(error instanceof ApiError) && error instanceof Error ? error.message : '';
  return errorText(error, own || fallback);
}

/** Spec 000 §2: the report's overall status is green when compliant, otherwise yellow. */
function ReportStatusBadge({ status }: { status: string }) {
  const palette = status === 'compliant' ? 'green' : 'yellow';
  return (
    <Badge colorPalette={palette} data-color-palette={palette} variant="subtle">
      {status}
    </Badge>
  );
}

function BasicMetrics({ report }: { report: PerformanceReport }) {
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

function TradingStatistics({ report }: { report: PerformanceReport }) {
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

function ConformanceRules({
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
          ['Consecutive Loss Days', formatCount(conformance.consecutiveLossDays)],
          ['Max Drawdown from High', <Money value={conformance.maxDrawdownFromHigh} />],
          ['Current Balance', <Money value={conformance.currentBalance} />],
          ['Starting Balance', <Money value={conformance.startingBalance} />],
          ['Profit Target', <Money value={conformance.profitTarget} />],
          ['Trailing Drawdown', <Money value={conformance.trailingDrawdown} />],
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

/**
 * Performance Report (spec 000 §2): one account-day of a trader — the header, six sections, Update
 * Report (re-judges from the day, re-fetches after 1 s, success text cleared after 5 s, spec 000
 * §4, §8), View JSON2 and the Rule Details modal. The URL date has dashes (decision 10).
 */
export function PerformanceReportPage() {
  const { id = '', accountId = '', date: dateParam } = useParams();
  const date = tradingDateOfParam(dateParam);
  const report = usePerformanceReport(accountId, date);
  const trader = useTrader(id || undefined);
  const regenerate = useRegenerateReport(accountId, date);
  const [update, setUpdate] = useState<UpdateState>({ kind: 'idle' });
  const [jsonOpen, setJsonOpen] = useState(false);
  const [rule, setRule] = useState<RuleDetailsTarget | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);
  useEffect(() => {
    if (update.kind !== 'success') return undefined;
    const timer = setTimeout(() => setUpdate({ kind: 'idle' }), REPORT_SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [update]);

  // A trader reads their own report in the trader layout: the way back is their dashboard, and Update
  // Report (a staff re-judgement, admin-only on the server) is not offered.
  const isTrader = useSession()?.user.role === 'trader';
  const back = (
    <Button asChild variant="outline" size="sm">
      {isTrader ? (
        <RouterLink to={paths.myDashboard.href()}>← Back to Dashboard</RouterLink>
      ) : (
        <RouterLink to={paths.traderDetails.href({ id })}>← Back to Trader Details</RouterLink>
      )}
    </Button>
  );

  const onUpdate = () => {
    setUpdate({ kind: 'updating' });
    regenerate.mutate(undefined, {
      onSuccess: (answer) => {
        if (!answer.success) {
          setUpdate({ kind: 'error', text: answer.message || answer.error || UPDATE_FAILED_TEXT });
          return;
        }
        reloadTimer.current = setTimeout(() => {
          void report
            .refetch()
            .then((result) =>
              setUpdate(
                result.isError ? { kind: 'error', text: RELOAD_FAILED_TEXT } : { kind: 'success' },
              ),
            );
        }, REPORT_RELOAD_DELAY_MS);
      },
      onError: (error) =>
        setUpdate({ kind: 'error', text: failureText(error, UPDATE_FAILED_TEXT) }),
    });
  };

  if (date === undefined) {
    return (
      <>
        <PageHeader title="Performance Report" />
        <Stack gap="4" align="flex-start">
          {back}
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>
              The date in the address must be a day written YYYY-MM-DD, not &apos;
              {dateParam ?? ''}&apos;.
            </Alert.Title>
          </Alert.Root>
        </Stack>
      </>
    );
  }

  const data = report.data;
  const traderName = trader.data
    ? `${trader.data.firstName} ${trader.data.lastName}`.trim()
    : undefined;
  const updating = update.kind === 'updating';
  const repairs = data ? reportRepairs(data) : undefined;

  return (
    <>
      <PageHeader title="Performance Report" />
      <Stack gap="5">
        <HStack gap="3" wrap="wrap">
          {back}
          {!isTrader && (
            <Button
              size="sm"
              colorPalette="blue"
              onClick={onUpdate}
              disabled={updating || data === undefined}
              loading={updating}
              loadingText="Updating..."
            >
              <LuRefreshCw /> Update Report
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => setJsonOpen(true)}
            disabled={data === undefined}
          >
            <LuBraces /> View JSON2
          </Button>
        </HStack>

        {update.kind === 'success' && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{UPDATE_SUCCESS_TEXT}</Alert.Title>
          </Alert.Root>
        )}
        {update.kind === 'error' && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{update.text}</Alert.Title>
          </Alert.Root>
        )}

        {report.isPending ? (
          <PageLoading label="Loading performance report..." />
        ) : data === undefined ? (
          <PageError
            title={REPORT_FETCH_FAILED_TEXT}
            error={new Error(failureText(report.error, REPORT_FETCH_FAILED_TEXT))}
            onRetry={() => void report.refetch()}
          />
        ) : (
          <>
            {repairs && (
              <Alert.Root status="warning" role="status">
                <Alert.Indicator />
                <Alert.Title>{repairsText(repairs)}</Alert.Title>
              </Alert.Root>
            )}
            <Card.Root size="sm" aria-label="Report header" as="section">
              <Card.Body>
                <HStack justify="space-between" align="flex-start" wrap="wrap" gap="4">
                  <Stack gap="1">
                    <Heading as="h2" size="lg">
                      {traderName || (trader.isPending ? 'Loading trader...' : 'Unknown trader')}
                    </Heading>
                    <Text color="fg.muted">
                      Trader ID:{' '}
                      <Text as="span" fontFamily="mono">
                        {data.traderId || id}
                      </Text>
                    </Text>
                    <Text>{formatLongDate(data.date)}</Text>
                  </Stack>
                  <Stat.Root flex="0 0 auto" textAlign={{ base: 'start', sm: 'end' }}>
                    <Stat.Label>Net P&L</Stat.Label>
                    <Stat.ValueText fontSize="2xl">
                      <Money value={data.NetPnl} signed />
                    </Stat.ValueText>
                  </Stat.Root>
                </HStack>
              </Card.Body>
            </Card.Root>

            <ReportSection title="Basic Performance Metrics">
              <BasicMetrics report={data} />
            </ReportSection>
            <ReportSection title="Trading Statistics">
              <TradingStatistics report={data} />
            </ReportSection>
            {data.trades.length > 0 && (
              <ReportSection title="Trade Details" count={data.trades.length}>
                <TradeDetailsTable trades={data.trades} />
              </ReportSection>
            )}
            {data.symbols.length > 0 && (
              <ReportSection title="Symbol Performance" count={data.symbols.length}>
                <SymbolPerformanceTable symbols={data.symbols} />
              </ReportSection>
            )}
            <ReportSection title="Conformance Rules">
              <ConformanceRules
                conformance={data.conformance}
                onOpenRule={(entry) =>
                  setRule({
                    ruleId: entry.ruleId,
                    name: entry.name,
                    description: entry.description,
                    category: entry.category,
                    type: entry.type,
                  })
                }
              />
            </ReportSection>
            <ReportSection title="Metadata">
              <Fields
                items={[
                  ['Trader ID', mono(data.traderId)],
                  ['Trader Email', data.traderEmail || 'N/A'],
                  [
                    'File Modified Date',
                    data.fileModifiedDate ? formatDateTime(data.fileModifiedDate) : 'N/A',
                  ],
                ]}
              />
            </ReportSection>
          </>
        )}
      </Stack>
      <JsonModal
        open={jsonOpen && data !== undefined}
        title={`Performance Report ${accountId} ${formatDate(date)}`}
        value={data}
        onClose={() => setJsonOpen(false)}
      />
      <RuleDetailsModal target={rule} onClose={() => setRule(null)} />
    </>
  );
}
