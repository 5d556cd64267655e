import { Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { DailyPerformance } from '@shared/performance/daily-performance';
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
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="480px">
      <Table.Root size="sm" interactive stickyHeader aria-label="Daily performance">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            {['AcctBal', 'ClosedPnl', 'NetPnl', 'HighPnl', 'LowPnl', 'Trades'].map((title) => (
              <Table.ColumnHeader key={title} textAlign="end">
                {title}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader minW="28">Violations</Table.ColumnHeader>
            <Table.ColumnHeader minW="36">Score</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((day) => (
            <Table.Row
              key={day.date}
              cursor="pointer"
              onClick={() => navigate(paths.dailyPerformance.href({ accountId, date: day.date }))}
            >
              <Table.Cell whiteSpace="nowrap">
                <Link asChild colorPalette="blue" onClick={(event) => event.stopPropagation()}>
                  <RouterLink to={paths.dailyPerformance.href({ accountId, date: day.date })}>
                    {formatDate(day.date)}
                  </RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Money value={day.AcctBal} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Money value={day.ClosedPnl} signed />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Money value={day.NetPnl} signed />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Money value={day.HighPnl} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Money value={day.LowPnl} />
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCount(day.Trades)}</Table.Cell>
              <Table.Cell>
                <ViolationBar
                  violations={day.conformance?.violations ?? 0}
                  rules={violationRules}
                />
              </Table.Cell>
              <Table.Cell>
                <ScoreBar score={day.conformance?.overallScore ?? null} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
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
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="360px">
      <Table.Root size="sm" interactive stickyHeader aria-label="Daily conformance report">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Score</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Violations</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {judged.map((day) => (
            <Table.Row
              key={day.date}
              cursor="pointer"
              onClick={() => navigate(paths.conformanceDetail.href({ accountId, date: day.date }))}
            >
              <Table.Cell>
                <Link asChild colorPalette="blue" onClick={(event) => event.stopPropagation()}>
                  <RouterLink
                    to={paths.conformanceDetail.href({ accountId, date: day.date })}
                    aria-label={`Conformance of ${formatDate(day.date)}`}
                  >
                    {formatDate(day.date)}
                  </RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>
                <OverallStatusBadge status={day.conformance?.overallStatus} />
              </Table.Cell>
              <Table.Cell textAlign="end">{orMissing(day.conformance?.overallScore)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(day.conformance?.violations)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
