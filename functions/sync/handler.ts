import * as z from 'zod';
import {
  syncRequestBodySchema,
  syncResultOf,
  type SyncIncompleteDatesResponse,
  type SyncRejectedRowsResponse,
  type SyncRunListResponse,
  type SyncRunView,
} from '@shared/sync/sync-run';
import { boundedTextSchema, idSchema, INPUT_LIMITS, queryParamSchema } from '@shared/common/fields';
import { syncRoutes } from '@shared/api/routes/sync';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { syncRepository } from '../lib/repositories/sync-repository';
import { NotFoundError } from '../lib/errors';
import { requestedDays } from './date-selection';
import { qualityRoutes } from './quality-routes';
import { reconciliationRoutes } from './reconciliation-routes';
import { reapExpiredLease } from '../lib/judging/lock';
import { dispatchRun, startRun } from './runs';

const RUNS_PAGE_SIZE = 20;

/**
 * The sync resource's HTTP routes. A POST hands its run to the sync workflow, whose steps (and the
 * completion-marker queue) are workflow.ts, a function of its own (infra/sync-stack.ts).
 */
export const handler = createHttpHandler(syncRoutes, {
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
      const list = () => syncRepository.listRuns({ limit: RUNS_PAGE_SIZE, cursor: query.cursor });
      let page = await list();
      // A run whose lease expired is recorded as failed here, without waiting for the next start.
      const running = page.items.filter((run) => run.status === 'running');
      if (
        (
          await reapExpiredLease(
            Date.now(),
            running.map((run) => run.runId),
          )
        ).length > 0
      ) {
        page = await list();
      }
      return { data: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
    },
  }),

  'GET /api/sync/runs/{runId}': route({
    params: z.object({ runId: idSchema('runId') }),
    async handle({ params }): Promise<SyncRunView> {
      let run = await syncRepository.getRun(params.runId);
      if (!run) throw new NotFoundError(`Sync run ${params.runId} not found`);
      if (
        run.status === 'running' &&
        (await reapExpiredLease(Date.now(), [run.runId])).length > 0
      ) {
        run = (await syncRepository.getRun(params.runId)) ?? run;
      }
      const result = syncResultOf(run);
      return { ...run, ...(result && { result }) };
    },
  }),

  'GET /api/sync/incomplete-dates': route({
    async handle(): Promise<SyncIncompleteDatesResponse> {
      return { data: (await performanceRepository.incompleteDates()).sort() };
    },
  }),

  'GET /api/sync/runs/{runId}/rejected-rows': route({
    params: z.object({ runId: idSchema('runId') }),
    query: z.object({
      cursor: queryParamSchema(boundedTextSchema('cursor', INPUT_LIMITS.token).optional()),
    }),
    async handle({ params, query }): Promise<SyncRejectedRowsResponse> {
      const run = await syncRepository.getRun(params.runId);
      if (!run) throw new NotFoundError(`Sync run ${params.runId} not found`);
      // One stored page of SYNC_REJECTED_ROWS_PAGE rows per answer.
      const page = await syncRepository.listRejectedRows(params.runId, { cursor: query.cursor });
      return { data: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
    },
  }),
  // Held breaches and voided dates (quality-routes.ts).
  ...qualityRoutes,
  // The broker's floor beside the engine's (reconciliation-routes.ts).
  ...reconciliationRoutes,
});
