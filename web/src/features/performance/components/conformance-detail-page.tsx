import {
  Alert,
  Box,
  Button,
  HStack,
  Heading,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ConformanceRule, RuleResult, Violation } from '@shared/rules/conformance';
import type { DrawdownDay } from '@shared/rules/drawdown-day';
import {
  FlagBadge,
  OverallStatusBadge,
  RuleResultBadge,
  SeverityBadge,
} from '@/components/badges/badges';
import {
  MISSING,
  formatCount,
  formatDate,
  formatFractionPercent,
  formatPercent,
} from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import {
  RuleDetailsModal,
  type RuleDetailsTarget,
} from '@/components/rule-details-modal/rule-details-modal';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-states';
import { ApiError, errorText } from '@/lib/api-client';
import { useUrlFilters } from '@/lib/url-state';
import { usePerformanceReport } from '@/api/performance';
import { isTradingDateParam, ruleTargetOf, ruleValueText } from '../performance-format';
import { DataTable } from '@/components/data-table/data-table';
import { ConformanceRulesTable } from '@/components/rule-details-modal/conformance-rules-table';

export const MISSING_PARAMETERS_TEXT = 'Missing account ID or date parameters';
export const LOADING_CONFORMANCE_TEXT = 'Loading conformance data...';
export const NO_CONFORMANCE_TEXT = 'No conformance data available for this date';

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="md" p="4">
      <Heading as="h2" size="md" mb="3">
        {title}
        {count !== undefined && ` (${count})`}
      </Heading>
      {children}
    </Box>
  );
}

function resultColumns(type: 'violation' | 'benchmark'): ColumnDef<RuleResult>[] {
  return [
    {
      id: 'rule',
      header: 'Rule',
      cell: ({ row }) => (
        <>
          {row.original.ruleType}
          <Text fontFamily="mono" fontSize="xs" color="fg.muted">
            {row.original.ruleId}
          </Text>
        </>
      ),
    },
    {
      id: 'target',
      header: 'Target',
      meta: { numeric: true },
      cell: ({ row }) => ruleValueText(row.original.target),
    },
    {
      id: 'actual',
      header: 'Actual',
      meta: { numeric: true },
      cell: ({ row }) => ruleValueText(row.original.actual),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <RuleResultBadge type={type} passed={row.original.passed} />,
    },
    {
      id: 'closePct',
      header: 'Close %',
      meta: { numeric: true },
      cell: ({ row }) => formatPercent(row.original.closePct, 1),
    },
    {
      id: 'message',
      header: 'Message',
      meta: { wrap: true, minW: '64' },
      cell: ({ row }) => row.original.message,
    },
  ];
}

function RuleResultsTable({
  label,
  results,
  type,
}: {
  label: string;
  results: readonly RuleResult[];
  type: 'violation' | 'benchmark';
}) {
  if (results.length === 0) return <Text color="fg.muted">None.</Text>;
  return (
    <DataTable
      label={label}
      sortable={false}
      data={results}
      columns={resultColumns(type)}
      getRowId={(result) => result.ruleId}
    />
  );
}

const violationColumns: ColumnDef<Violation>[] = [
  { id: 'date', header: 'Date', cell: ({ row }) => formatDate(row.original.date) },
  { id: 'name', header: 'Rule', cell: ({ row }) => row.original.name },
  { id: 'ruleType', header: 'Type', cell: ({ row }) => row.original.ruleType },
  {
    id: 'severity',
    header: 'Severity',
    cell: ({ row }) => (
      <>
        <SeverityBadge severity={row.original.severity} />
        {row.original.soft && (
          <Text as="span" fontSize="xs" color="fg.muted" ms="1">
            (pause)
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'value',
    header: 'Value',
    meta: { numeric: true },
    cell: ({ row }) => ruleValueText(row.original.value),
  },
  {
    id: 'threshold',
    header: 'Threshold',
    meta: { numeric: true },
    cell: ({ row }) => ruleValueText(row.original.threshold),
  },
  {
    id: 'description',
    header: 'Description',
    meta: { wrap: true, minW: '64' },
    cell: ({ row }) => row.original.description,
  },
];

function ViolationsTable({
  label,
  violations,
}: {
  label: string;
  violations: readonly Violation[];
}) {
  if (violations.length === 0) return <Text color="fg.muted">None.</Text>;
  return (
    <DataTable
      label={label}
      sortable={false}
      data={violations}
      columns={violationColumns}
      getRowId={(violation) => `${violation.ruleId}-${violation.date}`}
    />
  );
}

/**
 * Conformance Detail (spec 001 §2.12): one account-day's judgement from the day's performance
 * report, with the spec's four messages; Back returns to the previous page.
 */
/** One figure of the drawdown section. */
function DrawdownStat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="md" flexWrap="wrap" columnGap="1">
        {children}
      </Stat.ValueText>
    </Stat.Root>
  );
}

/**
 * The drawdown rule's day as the engine judged it (decision 34): the floor in force and after the day
 * (locked or trailing), the day's low and close, and the value that decided against the limit.
 */
function DrawdownSection({ drawdown }: { drawdown: DrawdownDay }) {
  return (
    <Section title="Drawdown">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <DrawdownStat label="Floor in Force">
          <Money value={drawdown.floorInForce} />
        </DrawdownStat>
        <DrawdownStat label={drawdown.locked ? 'Floor After (locked)' : 'Floor After'}>
          <Money value={drawdown.floor} />
        </DrawdownStat>
        <DrawdownStat label="Day's Low">
          {drawdown.trough === null ? MISSING : <Money value={drawdown.trough} />}
        </DrawdownStat>
        <DrawdownStat label="Close">
          <Money value={drawdown.balance} />
        </DrawdownStat>
        <DrawdownStat label={drawdown.breached ? 'Drawdown that Decided' : 'Drawdown Used'}>
          <Money value={drawdown.decided} /> of <Money value={drawdown.maxDrawdown} />{' '}
          {drawdown.breached ? '✗' : '✓'}
        </DrawdownStat>
        <DrawdownStat label="Drawdown at the Low">
          {drawdown.atTrough === null ? MISSING : <Money value={drawdown.atTrough} />}
        </DrawdownStat>
        <DrawdownStat label="Drawdown at the Close">
          <Money value={drawdown.used} />
        </DrawdownStat>
        <DrawdownStat label="Usage">{formatFractionPercent(drawdown.usage, 1)}</DrawdownStat>
      </SimpleGrid>
    </Section>
  );
}

/** The account and day a link names (`?accountId=&date=YYYYMMDD`); the screen only reads them. */
const VIEW_PARAMS = ['accountId', 'date'] as const;

export function ConformanceDetailPage() {
  const [view] = useUrlFilters(VIEW_PARAMS);
  const navigate = useNavigate();
  const accountId = view.accountId.trim() || undefined;
  const date = view.date.trim() || undefined;
  const valid = accountId !== undefined && isTradingDateParam(date);
  const report = usePerformanceReport(valid ? accountId : undefined, valid ? date : undefined);
  const [rule, setRule] = useState<RuleDetailsTarget | null>(null);

  const header = (
    <>
      <PageHeader
        title="Conformance Detail"
        subtitle={valid ? `${accountId} · ${formatDate(date)}` : undefined}
      />
      <Button variant="outline" size="sm" mb="5" onClick={() => navigate(-1)}>
        Back
      </Button>
    </>
  );
  const message = (status: 'warning' | 'error' | 'info', text: string) => (
    <>
      {header}
      <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
        <Alert.Indicator />
        <Alert.Title>{text}</Alert.Title>
      </Alert.Root>
    </>
  );

  if (!valid) return message('warning', MISSING_PARAMETERS_TEXT);
  if (report.isPending) return <PageLoading label={LOADING_CONFORMANCE_TEXT} />;
  if (report.isError) {
    if (report.error instanceof ApiError && report.error.status === 404) {
      return message('info', NO_CONFORMANCE_TEXT);
    }
    return message('error', `Error loading conformance data: ${errorText(report.error)}`);
  }
  const conformance = report.data.conformance;
  if (conformance === null) return message('info', NO_CONFORMANCE_TEXT);
  const openRule = (entry: ConformanceRule) => setRule(ruleTargetOf(entry));
  const performance = conformance.performance;

  return (
    <>
      {header}
      <Stack gap="5">
        <Section title="Overall Status">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Stat.Root>
              <Stat.Label>Status</Stat.Label>
              <Stat.ValueText>
                <OverallStatusBadge status={conformance.overallStatus} />
              </Stat.ValueText>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Has Violations</Stat.Label>
              <Stat.ValueText>
                <FlagBadge value={conformance.hasViolations} goodWhen={false} />
              </Stat.ValueText>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Benchmarks Met</Stat.Label>
              <Stat.ValueText>
                <FlagBadge value={conformance.benchmarksMet} />
              </Stat.ValueText>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Score</Stat.Label>
              <Stat.ValueText>{conformance.overallScore} / 100</Stat.ValueText>
            </Stat.Root>
          </SimpleGrid>
        </Section>
        {conformance.drawdown && <DrawdownSection drawdown={conformance.drawdown} />}
        <Section title="Violation Rules" count={conformance.violationRules.length}>
          <RuleResultsTable
            label="Violation rules"
            results={conformance.violationRules}
            type="violation"
          />
        </Section>
        <Section title="Benchmark Rules" count={conformance.benchmarkRules.length}>
          <RuleResultsTable
            label="Benchmark rules"
            results={conformance.benchmarkRules}
            type="benchmark"
          />
        </Section>
        <Section title="Active Violations" count={conformance.violations.length}>
          <ViolationsTable label="Active violations" violations={conformance.violations} />
        </Section>
        <Section title="Daily Rule Evaluations" count={conformance.rules.length}>
          <ConformanceRulesTable rules={conformance.rules} onOpenRule={openRule} />
        </Section>
        <Section title="New Violations Today" count={conformance.newViolations.length}>
          <ViolationsTable label="New violations today" violations={conformance.newViolations} />
        </Section>
        <Section title="Performance Data">
          {performance === null ? (
            <Text color="fg.muted">No performance data for this day.</Text>
          ) : (
            <HStack gap="8" wrap="wrap">
              <Stat.Root>
                <Stat.Label>Balance</Stat.Label>
                <Stat.ValueText>
                  <Money value={performance.balance} />
                </Stat.ValueText>
              </Stat.Root>
              <Stat.Root>
                <Stat.Label>Daily P&L</Stat.Label>
                <Stat.ValueText>
                  <Money value={performance.dailyPnl} signed />
                </Stat.ValueText>
              </Stat.Root>
              <Stat.Root>
                <Stat.Label>Trades</Stat.Label>
                <Stat.ValueText>{formatCount(performance.trades)}</Stat.ValueText>
              </Stat.Root>
              <Stat.Root>
                <Stat.Label>Win Rate</Stat.Label>
                <Stat.ValueText>{formatFractionPercent(performance.winRate, 1)}</Stat.ValueText>
              </Stat.Root>
            </HStack>
          )}
        </Section>
      </Stack>
      <RuleDetailsModal target={rule} onClose={() => setRule(null)} />
    </>
  );
}
