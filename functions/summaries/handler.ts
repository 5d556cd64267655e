import { accountPathSchema } from '@shared/accounts/account';
import type { DailyPerformance } from '@shared/performance/daily-performance';
import {
  ACCOUNT_DAYS_PAGE,
  accountDaysQuerySchema,
  type AccountDaysResponse,
  type AccountDetailResponse,
  type AccountDrawdownDay,
  type BalanceSeriesPoint,
  type BalanceSeriesResponse,
} from '@shared/summaries/account-detail';
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
import { summariesRoutes } from '@shared/api/routes/summaries';
import { assertIsTraderOrStaff, assertOwnsAccount } from '../lib/account-access';
import { dailySummaryTotalsOf } from '../lib/daily-summary-rows';
import { firmSummaryPage, traderSummaryPage } from './summary-pages';
import { NotFoundError } from '../lib/errors';
import { createHttpHandler, route } from '../lib/http-handler';
import { accountRepository, publicAccount } from '../lib/repositories/account-repository';
import { commentRepository } from '../lib/repositories/comment-repository';
import {
  performanceRepository,
  type AccountPageDay,
} from '../lib/repositories/performance-repository';
import { programRepository } from '../lib/repositories/program-repository';
import { ruleRepository } from '../lib/repositories/rule-repository';
import { traderRepository } from '../lib/repositories/trader-repository';

/**
 * Comments the account page lists (newest first); older ones stay stored. They are staff notes: a
 * trader reading their own summary gets none.
 */
const DESCRIPTIONS_SHOWN = 100;

/** A day as the account page's daily table reads it: figures and the conformance in brief. */
function dailyRowOf(day: AccountPageDay): DailyPerformance {
  const { Date: date, drawdown: _drawdown, drawdownRule: _rule, ...row } = day;
  return { ...row, date };
}

/**
 * The drawdown rule of a day through the one shared reader (decision 34): the drawdown the engine
 * kept, or for a day judged before it kept one, derived from the rule's floors and the previous
 * day's close.
 */
function drawdownOf(day: AccountPageDay, previousBalance: number | null) {
  return drawdownOfDay({
    conformance: {
      drawdown: day.drawdown ?? null,
      rules: day.drawdownRule ? [day.drawdownRule] : [],
    },
    performance: day,
    previousBalance,
  });
}

/** The drawdown rule of each judged day of a page, oldest first. */
function drawdownsOf(days: readonly AccountPageDay[]): AccountDrawdownDay[] {
  const oldestFirst = [...days].sort((a, b) => a.Date.localeCompare(b.Date));
  const drawdowns: AccountDrawdownDay[] = [];
  let previousBalance: number | null = null;
  for (const day of oldestFirst) {
    const drawdown = drawdownOf(day, previousBalance);
    if (drawdown) drawdowns.push({ date: day.Date, ...drawdown });
    previousBalance = day.AcctBal;
  }
  return drawdowns;
}

/** The balance chart's points, oldest first: each day's balances and the drawdown floor after it. */
function balanceSeriesOf(days: readonly AccountPageDay[]): BalanceSeriesPoint[] {
  let previousBalance: number | null = null;
  return days.map((day) => {
    const drawdown = drawdownOf(day, previousBalance);
    previousBalance = day.AcctBal;
    return {
      date: day.Date,
      accountBalance: day.AcctBal,
      cashBalance: day.CashBal ?? null,
      floor: drawdown?.floor ?? null,
    };
  });
}

/** The account of an account-page route, once the caller may read it (its trader or staff). */
async function readableAccount(accountId: string, caller: Parameters<typeof assertOwnsAccount>[0]) {
  const account = await accountRepository.get(accountId);
  if (!account) throw new NotFoundError(`Account ${accountId} not found`);
  await assertOwnsAccount(caller, account);
  return account;
}

export const handler = createHttpHandler(summariesRoutes, {
  'GET /api/summaries/account/{accountId}': route({
    params: accountPathSchema,
    async handle({ params, caller }): Promise<AccountDetailResponse> {
      const account = await readableAccount(params.accountId, caller);
      const program = account.program;
      const staff = caller?.role === 'admin';
      // The newest page of days only: the rest is read a page at a time (`…/days`), and the chart
      // reads its one-point-a-day series (`…/balances`), so the answer stays bounded however long
      // the account has traded.
      const [page, comments, programVersion] = await Promise.all([
        performanceRepository.pageAccountDays(account.accountId, { limit: ACCOUNT_DAYS_PAGE }),
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
          performances: page.items.map(dailyRowOf),
          ...(page.nextCursor && { performancesCursor: page.nextCursor }),
          rules,
          descriptions: comments.items,
          drawdowns: drawdownsOf(page.items),
        },
      };
    },
  }),

  'GET /api/summaries/account/{accountId}/days': route({
    params: accountPathSchema,
    query: accountDaysQuerySchema,
    async handle({ params, query, caller }): Promise<AccountDaysResponse> {
      const account = await readableAccount(params.accountId, caller);
      const page = await performanceRepository.pageAccountDays(account.accountId, query);
      return {
        data: page.items.map(dailyRowOf),
        meta: { limit: query.limit, ...(page.nextCursor && { nextCursor: page.nextCursor }) },
      };
    },
  }),

  'GET /api/summaries/account/{accountId}/balances': route({
    params: accountPathSchema,
    async handle({ params, caller }): Promise<BalanceSeriesResponse> {
      const account = await readableAccount(params.accountId, caller);
      return {
        data: balanceSeriesOf(await performanceRepository.listAccountDays(account.accountId)),
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
