import * as z from 'zod';
import { centsToDollars } from '@shared/money/decimal';
import { currentPhaseOf } from '@shared/programs/current-phase';
import { conformanceSchema } from '@shared/rules/conformance';
import { tradingDateSchema } from '@shared/rules/day-input';
import {
  accountPath,
  explainVerdict,
  programClockZone,
  type AccountVerdict,
} from '@shared/rules/explain';
import { accountRepository, type StoredAccount } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { programRepository } from '../lib/repositories/program-repository';
import { ruleRepository } from '../lib/repositories/rule-repository';

/**
 * The verdict of an account, explained (shared/rules/explain), and its path over its life: read from
 * the account's own partition only (its day items newest first in pages, projected to the figures and
 * the conformance parts the path reads, until the life's first day; one Get of the last judged day
 * for the engine state), plus
 * the program version (one Get) and the rule definitions it pins (one BatchGet) for the program's
 * time zone. No scan, no other account.
 */

/** The parts of a stored day the path and the explanation read; engine state and fills stay out. */
const PATH_FIGURES = ['Date', 'AcctBal', 'NetPnl', 'LowPnl', 'judgedBy'];
const PATH_CONFORMANCE = [
  'evaluationDate',
  'overallStatus',
  'rules',
  'drawdown',
  'newViolations',
  'profitTarget',
  'startingBalance',
];

const pathItemSchema = z.object({
  Date: tradingDateSchema,
  AcctBal: z.number(),
  NetPnl: z.number(),
  LowPnl: z.number().optional(),
  judgedBy: z.string().nullable().optional(),
  conformance: conformanceSchema
    .pick({
      evaluationDate: true,
      overallStatus: true,
      rules: true,
      drawdown: true,
      newViolations: true,
      profitTarget: true,
      startingBalance: true,
    })
    .nullable()
    .optional(),
});

/**
 * The judged days of the account's current life (the key of its last judged day: program version,
 * phase and resets in force), oldest first, projected to what the path reads: read newest first in
 * pages and stopped at the first day of an earlier key (`accountRepository.currentKeyDays`).
 */
async function lifeItems(accountId: string) {
  const items = await accountRepository.currentKeyDays(accountId, {
    ProjectionExpression: [
      ...PATH_FIGURES.map((_, index) => `#f${index}`),
      ...PATH_CONFORMANCE.map((_, index) => `#conformance.#c${index}`),
    ].join(', '),
    ExpressionAttributeNames: {
      ...Object.fromEntries(PATH_FIGURES.map((name, index) => [`#f${index}`, name])),
      '#conformance': 'conformance',
      ...Object.fromEntries(PATH_CONFORMANCE.map((name, index) => [`#c${index}`, name])),
    },
  });
  return items.map((item) => pathItemSchema.parse(item));
}

/** The time zone of the program's trading-hours rule, the clock its traders read; UTC without one. */
async function programTimeZone(account: StoredAccount): Promise<string> {
  const program = account.program;
  const version = program && (await programRepository.getVersion(program.prefix, program.version));
  const phase = version && program && currentPhaseOf(version, program);
  if (!phase) return 'UTC';
  const definitions = await ruleRepository.forReferences(phase.rules.rules);
  return programClockZone(phase.rules.rules, definitions);
}

export async function accountVerdict(account: StoredAccount): Promise<AccountVerdict> {
  // The account's current life: the days judged under the key of its last judged day (program
  // version, phase and resets in force); earlier phases or lives before a reset are other verdicts.
  const [life, timeZone] = await Promise.all([
    lifeItems(account.accountId),
    programTimeZone(account),
  ]);
  const lastWithData = [...life].reverse().find((item) => item.conformance!.rules.length > 0);
  const lastDay = life.at(-1);
  const stored = lastDay
    ? await performanceRepository.getStoredDay(account.accountId, lastDay.Date)
    : undefined;
  const state = stored?.engineState ?? null;
  const path = accountPath(
    life.map((item) => ({ ...item, conformance: item.conformance ?? null })),
  );
  const program = account.program ? `${account.program.prefix} v${account.program.version}` : null;
  const explanation = state
    ? explainVerdict({
        state,
        latest: lastWithData?.conformance ?? null,
        path,
        program,
        timeZone,
      })
    : {
        status: 'no-data' as const,
        headline: 'No judged day yet.',
        decisiveRuleId: null,
        evaluationDate: null,
        failedDate: null,
        passedDate: null,
        rules: [],
      };
  return {
    accountId: account.accountId,
    traderId: account.traderId,
    program,
    startingBalance: state ? centsToDollars(state.startingBalanceCents) : null,
    explanation,
    path,
  };
}
