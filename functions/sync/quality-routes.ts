import * as z from 'zod';
import {
  boundedTextSchema,
  idSchema,
  queryParamSchema,
  requestDateSchema,
} from '@shared/common/fields';
import {
  heldBreachesQuerySchema,
  releaseRequestSchema,
  voidRequestSchema,
  type DateVoidList,
  type HeldBreach,
  type HeldBreachList,
} from '@shared/sync/held-breaches';
import { Reply, route } from '../lib/http-handler';
import { qualityRepository } from '../lib/repositories/quality-repository';
import { releaseHold, voidDate } from './quality-actions';

/** At most this many dates in one `dates` list (a run covers up to 31). */
const DATES_MAX = 31;

const datesOf = (text: string | undefined) =>
  text ? [...new Set(text.split(','))].slice(0, DATES_MAX) : undefined;

const byDateThenAccount = <T extends { date: string; accountId: string }>(a: T, b: T) =>
  b.date.localeCompare(a.date) || a.accountId.localeCompare(b.accountId);

/**
 * The routes of the input-quality gate: held breaches, their release, and voided dates.
 * Spread into the sync resource's route map (handler.ts); all are admin routes (shared/api/routes/sync.ts).
 */
export const qualityRoutes = {
  'GET /api/sync/held-breaches': route({
    query: heldBreachesQuerySchema,
    async handle({ query }): Promise<HeldBreachList> {
      const dates = datesOf(query.dates);
      let holds: HeldBreach[];
      if (dates) {
        holds = (await Promise.all(dates.map((date) => qualityRepository.listHoldsOfDate(date))))
          .flat()
          .filter((hold) => query.state === 'all' || hold.state === query.state);
      } else if (query.state === 'all') {
        holds = (
          await Promise.all(
            (['held', 'released', 'voided'] as const).map((state) =>
              qualityRepository.listHoldsByState(state),
            ),
          )
        ).flat();
      } else {
        holds = await qualityRepository.listHoldsByState(query.state);
      }
      return { data: holds.sort(byDateThenAccount) };
    },
  }),

  'POST /api/sync/held-breaches/{accountId}/{date}/release': route({
    params: z.object({ accountId: idSchema('accountId'), date: requestDateSchema('date') }),
    body: releaseRequestSchema,
    async handle({ params, body, caller }): Promise<HeldBreach> {
      return releaseHold(params.accountId, params.date, caller, body.reason || undefined);
    },
  }),

  'GET /api/sync/voids': route({
    query: z.object({
      dates: queryParamSchema(
        boundedTextSchema('dates', 9 * DATES_MAX)
          .regex(/^\d{8}(,\d{8})*$/, { error: 'dates must be YYYYMMDD dates separated by commas' })
          .optional(),
      ),
    }),
    async handle({ query }): Promise<DateVoidList> {
      const dates = datesOf(query.dates);
      const voids = dates
        ? (await Promise.all(dates.map((date) => qualityRepository.listVoidsOfDate(date)))).flat()
        : await qualityRepository.listVoids();
      return { data: voids.sort(byDateThenAccount) };
    },
  }),

  'POST /api/sync/voids': route({
    body: voidRequestSchema,
    async handle({ body, caller }): Promise<Reply> {
      return new Reply(202, await voidDate(body, caller));
    },
  }),
};
