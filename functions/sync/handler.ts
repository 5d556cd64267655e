import type { Context } from 'aws-lambda';
import * as z from 'zod';
import {
  syncRequestBodySchema,
  syncResultOf,
  type SyncRun,
  type SyncRunListResponse,
  type SyncRunView,
} from '@shared/sync/sync-run';
import { boundedTextSchema, idSchema, INPUT_LIMITS, queryParamSchema } from '@shared/common/fields';
import { createHttpHandler, Reply, route, type HttpEvent } from '../lib/http-handler';
import { logger } from '../lib/logger';
import { syncRepository } from '../lib/repositories/sync-repository';
import { ConflictError, NotFoundError } from '../lib/errors';
import { dispatchRun, executeRun, isSyncRunEvent, renewRunLock, runSource, startRun } from './runs';
import { isSyncStepEvent, runStep } from './sharded-run';

const RUNS_PAGE_SIZE = 20;

const http = createHttpHandler('sync', {
  'POST /api/sync/daily-update': route({
    body: syncRequestBodySchema,
    async handle({ body }) {
      const run = await startRun({ count: body.count, trigger: 'api' });
      await dispatchRun(run);
      return new Reply(202, run);
    },
  }),

  'GET /api/sync/runs': route({
    query: z.object({
      cursor: queryParamSchema(boundedTextSchema('cursor', INPUT_LIMITS.token).optional()),
    }),
    async handle({ query }): Promise<SyncRunListResponse> {
      const page = await syncRepository.listRuns({ limit: RUNS_PAGE_SIZE, cursor: query.cursor });
      return { data: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
    },
  }),

  'GET /api/sync/runs/{runId}': route({
    params: z.object({ runId: idSchema('runId') }),
    async handle({ params }): Promise<SyncRunView> {
      const run = await syncRepository.getRun(params.runId);
      if (!run) throw new NotFoundError(`Sync run ${params.runId} not found`);
      const result = syncResultOf(run);
      return { ...run, ...(result && { result }) };
    },
  }),
});

/** EventBridge's scheduled event, or the rule's constant input: the nightly run of one date. */
function isScheduleEvent(event: unknown): boolean {
  if (typeof event !== 'object' || event === null) return false;
  const value = event as { source?: string; kind?: string };
  return value.source === 'aws.events' || value.kind === 'sync-schedule';
}

/**
 * A failed run is recorded, then thrown: Lambda retries the asynchronous event and finally sends it
 * to the failed-runs dead-letter queue, whose alarm tells operations (infra/sync-stack.ts).
 */
function throwIfFailed(run: SyncRun): void {
  if (run.status === 'failed')
    throw new Error(`Sync run ${run.runId} failed: ${run.error ?? 'unknown error'}`);
}

/**
 * One function for the sync resource: the HTTP routes, the steps of the sync workflow a POST or the
 * nightly schedule starts (infra/sync-stack.ts), and, without the workflow, the asynchronous run a
 * POST hands off or the schedule's direct invocation.
 */
export async function handler(event: unknown, context: Context) {
  // A step of the sync workflow (infra/sync-stack.ts): plan, one shard, finish, or fail.
  if (isSyncStepEvent(event)) {
    return runStep(event, { source: () => runSource(), startRun, renewLock: renewRunLock });
  }
  if (isSyncRunEvent(event)) {
    const run = await syncRepository.getRun(event.runId);
    if (!run) {
      logger.warn('sync run event for an unknown run', { runId: event.runId });
      return;
    }
    // A retried event whose run already finished reports how it finished, and runs nothing twice.
    throwIfFailed(run.status === 'running' ? await executeRun(run) : run);
    return;
  }
  if (isScheduleEvent(event)) {
    let run: SyncRun;
    try {
      run = await startRun({ count: 1, trigger: 'schedule' });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      logger.warn('scheduled sync skipped: a sync is already running');
      return;
    }
    throwIfFailed(await executeRun(run));
    return;
  }
  return http(event as HttpEvent, context);
}
