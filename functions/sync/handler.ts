import type { Context } from 'aws-lambda';
import * as z from 'zod';
import {
  syncRequestBodySchema,
  syncResultOf,
  type SyncRunListResponse,
  type SyncRunView,
} from '@shared/sync/sync-run';
import { boundedTextSchema, idSchema, INPUT_LIMITS, queryParamSchema } from '@shared/common/fields';
import { createHttpHandler, Reply, route, type HttpEvent } from '../lib/http-handler';
import { syncRepository } from '../lib/repositories/sync-repository';
import { NotFoundError } from '../lib/errors';
import { requestedDays } from './date-selection';
import { qualityRoutes } from './quality-routes';
import { dispatchRun, renewRunLock, runSource, startRun } from './runs';
import { isSyncStepEvent, runStep } from './sharded-run';

const RUNS_PAGE_SIZE = 20;

const http = createHttpHandler('sync', {
  'POST /api/sync/daily-update': route({
    body: syncRequestBodySchema,
    async handle({ body }) {
      const run = await startRun({ count: requestedDays(body), request: body, trigger: 'api' });
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

  // Held breaches and voided dates (issue 22, quality-routes.ts).
  ...qualityRoutes,
});

/**
 * One function for the sync resource: the HTTP routes, and the steps of the sync workflow a POST or
 * the nightly schedule starts (infra/sync-stack.ts).
 */
export async function handler(event: unknown, context: Context) {
  // A step of the sync workflow (infra/sync-stack.ts): plan, one shard, finish, or fail.
  if (isSyncStepEvent(event)) {
    return runStep(event, { source: () => runSource(), startRun, renewLock: renewRunLock });
  }
  return http(event as HttpEvent, context);
}
