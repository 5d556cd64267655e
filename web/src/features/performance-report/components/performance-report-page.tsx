import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBraces, LuRefreshCw } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import type { PerformanceReport } from '@shared/performance/performance-report';
import { reportRepairs, repairsText } from '@shared/performance/report-salvage';
import { formatDate } from '@/lib/format';
import { JsonModal } from '@/components/json-modal/json-modal';
import {
  RuleDetailsModal,
  type RuleDetailsTarget,
} from '@/components/rule-details-modal/rule-details-modal';
import { SectionCard } from '@/components/section/section-card';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { usePerformanceReport } from '@/api/performance';
import { useTrader } from '@/api/traders';
import { useSession } from '@/lib/session';
import { REPORT_FETCH_FAILED_TEXT, tradingDateOfParam } from '../report-format';
import { BackFromReport, ReportHeader, UpdateAlert } from './report-header';
import { BasicMetrics, ConformanceRules, Metadata, TradingStatistics } from './report-sections';
import { SymbolPerformanceTable, TradeDetailsTable } from './report-tables';
import { failureText, useReportUpdate } from './use-report-update';

/** The report's six sections, in the spec's order; a rule's name opens its details. */
function ReportSections({
  report,
  onOpenRule,
}: {
  report: PerformanceReport;
  onOpenRule: (rule: RuleDetailsTarget) => void;
}) {
  return (
    <>
      <SectionCard title="Basic Performance Metrics">
        <BasicMetrics report={report} />
      </SectionCard>
      <SectionCard title="Trading Statistics">
        <TradingStatistics report={report} />
      </SectionCard>
      {report.trades.length > 0 && (
        <SectionCard title="Trade Details" count={report.trades.length}>
          <TradeDetailsTable trades={report.trades} />
        </SectionCard>
      )}
      {report.symbols.length > 0 && (
        <SectionCard title="Symbol Performance" count={report.symbols.length}>
          <SymbolPerformanceTable symbols={report.symbols} />
        </SectionCard>
      )}
      <SectionCard title="Conformance Rules">
        <ConformanceRules
          conformance={report.conformance}
          onOpenRule={(entry) =>
            onOpenRule({
              ruleId: entry.ruleId,
              name: entry.name,
              description: entry.description,
              category: entry.category,
              type: entry.type,
            })
          }
        />
      </SectionCard>
      <SectionCard title="Metadata">
        <Metadata report={report} />
      </SectionCard>
    </>
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
  const { update, onUpdate } = useReportUpdate(accountId, date, report.refetch);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [rule, setRule] = useState<RuleDetailsTarget | null>(null);

  // Update Report is a staff re-judgement (admin-only on the server): a trader reading their own
  // report is not offered it.
  const isTrader = useSession()?.user.role === 'trader';
  const back = <BackFromReport isTrader={isTrader} traderId={id} />;

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
        <UpdateAlert update={update} />

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
            <ReportHeader
              report={data}
              traderId={id}
              traderName={traderName || (trader.isPending ? 'Loading trader...' : 'Unknown trader')}
            />
            <ReportSections report={data} onOpenRule={setRule} />
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
