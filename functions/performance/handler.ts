import * as z from 'zod';
import {
  performanceListQuerySchema,
  type PerformanceListResponse,
} from '@shared/performance/performance-list';
import type { PerformanceReport } from '@shared/performance/performance-report';
import { displayDate } from '@shared/common/display-date';
import { idSchema, requestDateSchema, type ActionResult } from '@shared/common/fields';
import { drawdownOfDay } from '@shared/rules/drawdown-day';
import { performanceRoutes } from '@shared/api/routes/performance';
import { assertOwnsAccount } from '../lib/account-access';
import { NotFoundError } from '../lib/errors';
import { createHttpHandler, route } from '../lib/http-handler';
import { accountRepository } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { regenerateFrom } from '../lib/judging/rejudge';
import { latestPerformance } from './latest-performance';

const accountDayParams = z.object({
  accountId: idSchema('accountId'),
  date: requestDateSchema('date'),
});

export const handler = createHttpHandler(performanceRoutes, {
  'GET /api/performance/today': route({
    query: performanceListQuerySchema,
    async handle({ query }): Promise<PerformanceListResponse> {
      return latestPerformance(query);
    },
  }),

  'GET /api/performance/account/{accountId}/{date}': route({
    params: accountDayParams,
    // trader-self: staff, or the trader who owns the account; anyone else gets the same
    // 404 as an unknown account, before anything of the day is read.
    async handle({ params, caller }): Promise<PerformanceReport> {
      const account = await accountRepository.get(params.accountId);
      if (!account) throw new NotFoundError(`Account ${params.accountId} not found`);
      await assertOwnsAccount(caller, account);
      const detail = await performanceRepository.getDayDetail(params.accountId, params.date);
      if (!detail) {
        throw new NotFoundError(
          `No performance data for ${params.accountId} on ${displayDate(params.date)}`,
        );
      }
      const {
        Date: date,
        FCM,
        IB,
        Account,
        traderId,
        conformance,
        ...figures
      } = detail.performance;
      return {
        ...figures,
        date,
        Account,
        ...(FCM && { fcm: FCM }),
        ...(IB && { ib: IB }),
        traderId: traderId ?? account?.traderId,
        ...(account?.email && { traderEmail: account.email }),
        trades: detail.trades.map(({ Account: _account, Date: _date, ...trade }) => trade),
        symbols: detail.symbols.map(({ Account: _account, Date: _date, ...symbol }) => symbol),
        // A day judged before the engine stored its drawdown gets it derived (decision 34).
        conformance: conformance && {
          ...conformance,
          drawdown: drawdownOfDay({ conformance, performance: detail.performance }),
        },
      };
    },
  }),

  'POST /api/performance/regenerate/{accountId}/{date}': route({
    params: accountDayParams,
    async handle({ params }): Promise<ActionResult> {
      const days = await regenerateFrom(params.accountId, params.date);
      return {
        success: true,
        message: `Performance of ${params.accountId} re-judged from ${displayDate(params.date)} (${days} day${days === 1 ? '' : 's'})`,
      };
    },
  }),
});
