import {
  RECONCILIATION_PAGE_SIZE,
  reconciliationQuerySchema,
  type ReconciliationList,
} from '@shared/reconciliation/floor-mismatch';
import { route } from '../lib/http-handler';
import { reconciliationRepository } from './reconciliation';

/**
 * The reconciliation of the broker's liquidation floor with the engine's (reconciliation.ts): the
 * mismatches the nightly sync recorded, newest date first, by date and account, a page at a time.
 * Spread into the sync resource's route map (handler.ts); an admin route (shared/api/routes/sync.ts).
 */
export const reconciliationRoutes = {
  'GET /api/sync/reconciliation': route({
    query: reconciliationQuerySchema,
    async handle({ query }): Promise<ReconciliationList> {
      const page = await reconciliationRepository.list(
        { accountId: query.accountId, date: query.date },
        RECONCILIATION_PAGE_SIZE,
        query.cursor,
      );
      return { data: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
    },
  }),
};
