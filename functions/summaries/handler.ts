import { accountPathSchema } from '@shared/accounts/account';
import type { DailyPerformance } from '@shared/performance/daily-performance';
import type { AccountDetailResponse, AccountDrawdownDay } from '@shared/summaries/account-detail';
import { drawdownOfDay } from '@shared/rules/drawdown-day';
import { currentPhaseOf } from '@shared/programs/current-phase';
import {
  FIRM_SUMMARY_DATES,
  firmSummaryQuerySchema,
  traderSummaryQuerySchema,
  type FirmSummaryResponse,
  type TraderSummaryResponse,
} from '@shared/summaries/daily-summary-query';
import { traderPathSchema } from '@shared/traders/trader-list';
import { assertIsTraderOrStaff, assertOwnsAccount } from '../lib/account-access';
import { dailySummaryTotalsOf } from '../lib/daily-summary-rows';
import { firmSummaryPage, traderSummaryPage } from './summary-pages';
import { NotFoundError } from '../lib/errors';
import { createHttpHandler, route } from '../lib/http-handler';
import { accountRepository, publicAccount } from '../lib/repositories/account-repository';
import { commentRepository } from '../lib/repositories/comment-repository';
import {
  performanceRepository,
  type PerformanceDay,
} from '../lib/repositories/performance-repository';
import { programRepository } from '../lib/repositories/program-repository';
import { ruleRepository } from '../lib/repositories/rule-repository';
import { traderRepository } from '../lib/repositories/trader-repository';

/**
 * Comments the account page lists (newest first); older ones stay stored. They are staff notes: a
 * trader reading their own summary gets none.
 */
const DESCRIPTIONS_SHOWN = 100;

/** A stored day as the account page's daily table reads it: figures and the conformance in brief. */
function dailyRowOf(day: PerformanceDay): DailyPerformance {
  const {
    Date: date,
    conformance,
    FCM: _fcm,
    IB: _ib,
    traderId: _traderId,
    fileModifiedDate: _modified,
    ...figures
  } = day;
  return {
    ...figures,
    date,
    conformance: conformance && {
      overallStatus: conformance.overallStatus,
      overallScore: conformance.overallScore,
      violations: conformance.violations.length,
    },
  };
}

/**
 * The drawdown rule of each judged day, oldest first, through the one shared reader (decision 34);
 * a day stored before the engine kept its drawdown is derived with the previous day's close.
 */
function drawdownsOf(days: readonly PerformanceDay[]): AccountDrawdownDay[] {
  const oldestFirst = [...days].sort((a, b) => a.Date.localeCompare(b.Date));
  const drawdowns: AccountDrawdownDay[] = [];
  let previousBalance: number | null = null;
  for (const day of oldestFirst) {
    const drawdown = drawdownOfDay({
      conformance: day.conformance,
      performance: day,
      previousBalance,
    });
    if (drawdown) drawdowns.push({ date: day.Date, ...drawdown });
    previousBalance = day.AcctBal;
  }
  return drawdowns;
}

export const handler = createHttpHandler('summaries', {
  'GET /api/summaries/account/{accountId}': route({
    params: accountPathSchema,
    async handle({ params, caller }): Promise<AccountDetailResponse> {
      const account = await accountRepository.get(params.accountId);
      if (!account) throw new NotFoundError(`Account ${params.accountId} not found`);
      await assertOwnsAccount(caller, account);
      const program = account.program;
      const staff = caller?.role === 'admin';
      const [days, comments, programVersion] = await Promise.all([
        performanceRepository.listAllByAccount(account.accountId),
        staff
          ? commentRepository.listByAccount(account.accountId, { limit: DESCRIPTIONS_SHOWN })
          : { items: [] },
        program ? programRepository.getVersion(program.prefix, program.version) : undefined,
      ]);
      const phase = programVersion && program && currentPhaseOf(programVersion, program);
      // The rule versions the account's program version pins: what judged its days (decision 36).
      const rules = phase ? await ruleRepository.forReferences(phase.rules.rules) : [];
      const { summary: balance, ...rest } = publicAccount(account, caller);
      return {
        data: {
          ...rest,
          ...(balance && { balance }),
          summary: account.accountSummary ?? null,
          programVersion: programVersion ?? null,
          performances: days.map(dailyRowOf),
          rules,
          descriptions: comments.items,
          drawdowns: drawdownsOf(days),
        },
      };
    },
  }),

  'GET /api/summaries/firm': route({
    query: firmSummaryQuerySchema,
    async handle({ query }): Promise<FirmSummaryResponse> {
      const latestDates = await performanceRepository.latestDates(FIRM_SUMMARY_DATES);
      const date = query.date ?? latestDates[0] ?? null;
      if (date === null) {
        return {
          data: [],
          meta: {
            date,
            previousDate: null,
            nextDate: null,
            latestDates,
            limit: query.limit,
            totals: dailySummaryTotalsOf([]),
          },
        };
      }
      const [page, neighbours] = await Promise.all([
        firmSummaryPage(date, query),
        performanceRepository.neighbourDates(date),
      ]);
      return {
        data: page.items,
        meta: {
          date,
          ...neighbours,
          latestDates,
          limit: query.limit,
          ...(page.nextCursor && { nextCursor: page.nextCursor }),
          totals: page.totals,
        },
      };
    },
  }),

  'GET /api/summaries/trader/{traderId}': route({
    params: traderPathSchema,
    query: traderSummaryQuerySchema,
    async handle({ params, query, caller }): Promise<TraderSummaryResponse> {
      const trader = await traderRepository.get(params.traderId);
      if (!trader) throw new NotFoundError(`Trader ${params.traderId} not found`);
      assertIsTraderOrStaff(caller, trader);
      const page = await traderSummaryPage(trader.traderId, query);
      return {
        data: page.items,
        meta: {
          limit: query.limit,
          ...(page.nextCursor && { nextCursor: page.nextCursor }),
          totals: page.totals,
        },
      };
    },
  }),
});
