import { BROKER_FILE_KINDS } from '@shared/broker-files/kinds';
import type { RejectedRow, SyncRunView, SyncSummary } from '@shared/sync/sync-run';
import { jsonResponse } from '../../support/fetch-mock';

const noRejections = Object.fromEntries(
  BROKER_FILE_KINDS.map((kind) => [kind, 0]),
) as SyncSummary['rejectedRecords'];

export function summaryFixture(overrides: Partial<SyncSummary> = {}): SyncSummary {
  return {
    processingTimeMs: 12_500,
    totalFiles: 9,
    processedFiles: 9,
    auditTrailRecords: 1_200,
    relationshipReportsRecords: 40,
    dailyPerformanceRecords: 38,
    dailyFillsRecords: 640,
    dailyTradesRecords: 320,
    dailySymbolsRecords: 75,
    dailyRevenueRecords: 12,
    tradersRecords: 25,
    accountsRecords: 40,
    rejectedRecords: noRejections,
    rejectedRows: [],
    ...overrides,
  };
}

/** A run as `POST /api/sync/daily-update` answers it: just started. */
export function runningRun(overrides: Partial<SyncRunView> = {}): SyncRunView {
  return {
    runId: 'run-1',
    trigger: 'api',
    status: 'running',
    count: 1,
    dates: ['20260302'],
    startedAt: '2026-03-03T23:30:00.000Z',
    finishedAt: null,
    summary: null,
    ...overrides,
  };
}

/** A run that ended well, with the spec's result as `GET /api/sync/runs/{runId}` gives it. */
export function succeededRun(
  summary: SyncSummary = summaryFixture(),
  overrides: Partial<SyncRunView> = {},
): SyncRunView {
  return {
    ...runningRun(),
    status: 'succeeded',
    finishedAt: '2026-03-03T23:30:12.500Z',
    summary,
    result: { success: true, summary },
    ...overrides,
  };
}

export function failedRun(error?: string): SyncRunView {
  return {
    ...runningRun(),
    status: 'failed',
    finishedAt: '2026-03-03T23:30:02.000Z',
    ...(error !== undefined && { error }),
    result: { success: false, ...(error !== undefined && { error }) },
  };
}

export function rejectedRowsFixture(count: number): RejectedRow[] {
  return Array.from({ length: count }, (_, index) => ({
    file: 'broker/20260302/daily-fills.csv',
    line: index + 2,
    reason: 'FillPrice: expected a number',
  }));
}

export function runListResponse(runs: SyncRunView[]) {
  return jsonResponse({ data: runs.map(({ result: _result, ...run }) => run) });
}

/** The lock conflict `POST /api/sync/daily-update` answers while another run is going. */
export function conflictResponse() {
  return jsonResponse({ error: { code: 'CONFLICT', message: 'A sync is already running' } }, 409);
}

/** A handler answering each call with the next answer, repeating the last one. */
export function answersInTurn(...answers: SyncRunView[]) {
  let call = 0;
  return () => {
    const answer = answers[Math.min(call, answers.length - 1)]!;
    call += 1;
    return jsonResponse(answer);
  };
}
