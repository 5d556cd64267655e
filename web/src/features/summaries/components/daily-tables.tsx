import { Link, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { DailyPerformance } from '@shared/performance/daily-performance';
import { DataTable } from '@/components/data-table/data-table';
import { OverallStatusBadge } from '@/components/badges/badges';
import { formatCount, formatDate, orMissing } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { paths } from '@/config/paths';

/**
 * A day's violations against the phase's violation rules: red with any violation in force, green
 * without.
 */
function ViolationBar({ violations, rules }: { violations: number; rules: number }) {
  const percent = violations === 0 ? 0 : (violations / Math.max(1, rules, violations)) * 100;
  return (
    <ProgressBar
      label={`${violations} violation${violations === 1 ? '' : 's'}`}
      kind="drawdown"
      palette={violations > 0 ? 'red' : 'green'}
      percent={percent}
      showValue={false}
      size="sm"
    />
  );
}

/** The score bar; the spec gives no threshold, so it reads like the profit bar (decision 12). */
function ScoreBar({ score }: { score: number | null }) {
  return (
    <ProgressBar label={`Score ${score ?? 'none'}`} kind="profit" percent={score ?? 0} size="sm" />
  );
}

/** The day's date as a link that wins over its row's click. */
function DayLink({ to, label, date }: { to: string; label?: string; date: string }) {
  return (
    <Link asChild colorPalette="blue" onClick={(event) => event.stopPropagation()}>
      <RouterLink to={to} aria-label={label}>
        {formatDate(date)}
      </RouterLink>
    </Link>
  );
}

const money = (
  id: 'AcctBal' | 'ClosedPnl' | 'NetPnl' | 'HighPnl' | 'LowPnl',
  signed = false,
): ColumnDef<DailyPerformance> => ({
  id,
  header: id,
  meta: { numeric: true },
  cell: ({ row }) => <Money value={row.original[id]} signed={signed} />,
});

function performanceColumns(
  accountId: string,
  violationRules: number,
): ColumnDef<DailyPerformance>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      cell: ({ row }) => (
        <DayLink
          to={paths.dailyPerformance.href({ accountId, date: row.original.date })}
          date={row.original.date}
        />
      ),
    },
    money('AcctBal'),
    money('ClosedPnl', true),
    money('NetPnl', true),
    money('HighPnl'),
    money('LowPnl'),
    {
      id: 'Trades',
      header: 'Trades',
      meta: { numeric: true },
      cell: ({ row }) => formatCount(row.original.Trades),
    },
    {
      id: 'violations',
      header: 'Violations',
      meta: { minW: '28' },
      cell: ({ row }) => (
        <ViolationBar
          violations={row.original.conformance?.violations ?? 0}
          rules={violationRules}
        />
      ),
    },
    {
      id: 'score',
      header: 'Score',
      meta: { minW: '36' },
      cell: ({ row }) => <ScoreBar score={row.original.conformance?.overallScore ?? null} />,
    },
  ];
}

/**
 * Spec 001 §2.9 Daily Performance: newest first, '-' for non-numbers, per-day violation and score
 * bars; a row opens the day's performance details (decision 30), its conformance cell the day's
 * conformance detail.
 */
export function DailyPerformanceTable({
  accountId,
  days,
  violationRules,
}: {
  accountId: string;
  days: readonly DailyPerformance[];
  violationRules: number;
}) {
  const navigate = useNavigate();
  if (days.length === 0) return <Text color="fg.muted">No daily performance recorded yet.</Text>;
  return (
    <DataTable
      label="Daily performance"
      sortable={false}
      maxH="480px"
      data={days}
      columns={performanceColumns(accountId, violationRules)}
      getRowId={(day) => day.date}
      rowProps={(day) => ({
        cursor: 'pointer',
        onClick: () => navigate(paths.dailyPerformance.href({ accountId, date: day.date })),
      })}
    />
  );
}

function conformanceColumns(accountId: string): ColumnDef<DailyPerformance>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      cell: ({ row }) => (
        <DayLink
          to={paths.conformanceDetail.href({ accountId, date: row.original.date })}
          label={`Conformance of ${formatDate(row.original.date)}`}
          date={row.original.date}
        />
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <OverallStatusBadge status={row.original.conformance?.overallStatus} />,
    },
    {
      id: 'score',
      header: 'Score',
      meta: { numeric: true },
      cell: ({ row }) => orMissing(row.original.conformance?.overallScore),
    },
    {
      id: 'violations',
      header: 'Violations',
      meta: { numeric: true },
      cell: ({ row }) => formatCount(row.original.conformance?.violations),
    },
  ];
}

/**
 * Spec 001 §2.9 Daily Conformance Report: each judged day's status, score and violations, newest
 * first; a row opens the day's Conformance Detail.
 */
export function DailyConformanceReport({
  accountId,
  days,
}: {
  accountId: string;
  days: readonly DailyPerformance[];
}) {
  const navigate = useNavigate();
  const judged = days.filter((day) => day.conformance !== null);
  if (judged.length === 0) return <Text color="fg.muted">No conformance data yet.</Text>;
  return (
    <DataTable
      label="Daily conformance report"
      sortable={false}
      maxH="360px"
      data={judged}
      columns={conformanceColumns(accountId)}
      getRowId={(day) => day.date}
      rowProps={(day) => ({
        cursor: 'pointer',
        onClick: () => navigate(paths.conformanceDetail.href({ accountId, date: day.date })),
      })}
    />
  );
}
