import type { TraderAccount } from '@shared/traders/trader-account';
import type { TraderDetails } from '@shared/traders/trader-details';
import {
  traderDetailsPathSchema,
  traderListQuerySchema,
  traderPathSchema,
  type TraderListResponse,
} from '@shared/traders/trader-list';
import type { Trader } from '@shared/traders/trader';
import type { PhaseRuleReference } from '@shared/programs/program';
import { currentPhaseOf } from '@shared/programs/current-phase';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import { tradersRoutes } from '@shared/api/routes/traders';
import type { Caller } from '../lib/auth-context';
import { assertIsTraderOrStaff } from '../lib/account-access';
import { NotFoundError } from '../lib/errors';
import { createHttpHandler, route } from '../lib/http-handler';
import {
  accountRepository,
  publicAccount,
  type StoredAccount,
} from '../lib/repositories/account-repository';
import { programRepository } from '../lib/repositories/program-repository';
import { ruleRepository } from '../lib/repositories/rule-repository';
import { publicTrader, traderRepository } from '../lib/repositories/trader-repository';

const traderNotFound = (traderId: string) => new NotFoundError(`Trader ${traderId} not found`);

/**
 * The trader a caller may read: 404 for an unknown id (staff and traders alike), then staff read any
 * trader and a trader only themself (403 otherwise, `assertIsTraderOrStaff`).
 */
async function readableTrader(caller: Caller | undefined, traderId: string): Promise<Trader> {
  const trader = await traderRepository.get(traderId);
  if (!trader) throw traderNotFound(traderId);
  assertIsTraderOrStaff(caller, trader);
  return trader;
}

/**
 * Decision 6: a trader dashboard's id is a trader id; a broker user id is looked up to its trader
 * as a fallback (Query GSI1 `USER#<id>`, then the first linked account's trader).
 */
async function traderOrBrokerUser(id: string): Promise<Trader | undefined> {
  const trader = await traderRepository.get(id);
  if (trader) return trader;
  const [link] = await accountRepository.listLinksOfUser(id);
  const account = link && (await accountRepository.get(link.accountId));
  return account ? traderRepository.get(account.traderId) : undefined;
}

function traderAccountOf(account: StoredAccount, caller: Caller | undefined): TraderAccount {
  return { ...publicAccount(account, caller), accountSummary: account.accountSummary ?? null };
}

/**
 * The rule references of each account's current phase (by account id, with the phase's overrides)
 * and the definitions they reference, each once, by id: the trader details' progress bars read an
 * account's own targets from them.
 */
async function phaseRulesOf(
  accounts: readonly StoredAccount[],
): Promise<{ rules: RuleDefinition[]; references: Map<string, PhaseRuleReference[]> }> {
  const versions = new Map<string, { prefix: string; version: number }>();
  for (const { program } of accounts) {
    if (program) versions.set(`${program.prefix}#${program.version}`, program);
  }
  const programs = new Map(
    await Promise.all(
      [...versions].map(
        async ([key, entry]) =>
          [key, await programRepository.getVersion(entry.prefix, entry.version)] as const,
      ),
    ),
  );
  const references = new Map<string, PhaseRuleReference[]>();
  const ruleIds = new Set<string>();
  for (const { accountId, program } of accounts) {
    if (!program) continue;
    const version = programs.get(`${program.prefix}#${program.version}`);
    const phase = version && currentPhaseOf(version, program);
    if (!phase) continue;
    references.set(accountId, phase.rules.rules);
    for (const reference of phase.rules.rules) ruleIds.add(reference.ruleId);
  }
  if (ruleIds.size === 0) return { rules: [], references };
  const rules = await ruleRepository.getMany([...ruleIds]);
  rules.sort((a, b) => (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
  return { rules, references };
}

export const handler = createHttpHandler(tradersRoutes, {
  'GET /api/traders': route({
    query: traderListQuerySchema,
    async handle({ query }): Promise<TraderListResponse> {
      const page = await traderRepository.listPage(query);
      return {
        data: page.items,
        meta: { limit: query.limit, ...(page.nextCursor && { nextCursor: page.nextCursor }) },
      };
    },
  }),

  'GET /api/traders/details/{id}': route({
    params: traderDetailsPathSchema,
    async handle({ params, caller }): Promise<TraderDetails> {
      const trader = await traderOrBrokerUser(params.id);
      if (!trader) throw traderNotFound(params.id);
      assertIsTraderOrStaff(caller, trader);
      const accounts = await accountRepository.listByTrader(trader.traderId);
      const { rules, references } = await phaseRulesOf(accounts);
      return {
        trader: publicTrader(trader, caller),
        accounts: accounts.map((account) => {
          const phaseRules = references.get(account.accountId);
          return { ...traderAccountOf(account, caller), ...(phaseRules && { phaseRules }) };
        }),
        rules,
      };
    },
  }),

  'GET /api/traders/{traderId}': route({
    params: traderPathSchema,
    async handle({ params, caller }): Promise<Trader> {
      return publicTrader(await readableTrader(caller, params.traderId), caller);
    },
  }),

  'GET /api/accounts/trader/{traderId}': route({
    params: traderPathSchema,
    async handle({ params, caller }): Promise<TraderAccount[]> {
      const trader = await readableTrader(caller, params.traderId);
      const accounts = await accountRepository.listByTrader(trader.traderId);
      return accounts.map((account) => traderAccountOf(account, caller));
    },
  }),
});
