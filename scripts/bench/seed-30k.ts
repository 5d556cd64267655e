import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { batchPutAll } from '../../functions/lib/db/batch-writer';
import type { Item } from '../../functions/lib/db/table';
import {
  accountContribution,
  sumContributions,
} from '../../functions/lib/aggregates/account-aggregates';
import { counterItemOf, indexItemOf } from '../../functions/lib/aggregates/store';
import {
  isSummaryRowKey,
  storedSummaryRowOf,
  summaryRowContribution,
} from '../../functions/lib/aggregates/summary-aggregates';
import {
  ACCOUNT_PHASES,
  accountRepository,
  RITHMIC_STATUSES,
  storedAccountSchema,
  type StoredAccountInput,
} from '../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../functions/lib/repositories/performance-repository';
import { traderRepository } from '../../functions/lib/repositories/trader-repository';
import type { Violation } from '@shared/rules/conformance';
import type { AccountSummaryRecordInput } from '@shared/summaries/account-summary-record';
import type { Trader } from '@shared/traders/trader';

/*
 * The firm the list benches (and the list tests) read: accounts and traders written straight to the
 * table with BatchWrite, no sync, so 30,000 accounts take seconds. Every account has a stored summary
 * (status, balance, drawdown and daily loss figures, so the room-to-breach order has something to
 * order); statuses, phases, broker statuses and programs vary with the index, deterministically.
 * `seedFirmWithDay` adds what the other staff lists read: one trading date with every account's day
 * item and daily summary row, and the kept aggregates (counters and index lists) as counting each
 * account would leave them; a failed account carries the breach that failed it.
 * Generated once and reused: `seedStore()` names a folder of `.data/` where a dynalite keeps it on
 * disk, named after the code that shapes the items, so a change to it seeds afresh.
 */

/** The firm size the growth benches read, and the size they compare it with. */
export const SEED_LARGE = 30_000;
export const SEED_SMALL = 1_000;
/** Accounts per trader: a firm of 30,000 accounts has 15,000 traders. */
export const ACCOUNTS_PER_TRADER = 2;
const PROGRAMS = ['EVAL50', 'EVAL100', 'FUND150'] as const;
const STAMP = '2026-03-02T00:00:00.000Z';
/** The seeded firm's one trading date. */
export const SEED_DATE = '20260302';

export const seedAccountId = (index: number) => `SEED-${String(index).padStart(6, '0')}`;
export const seedTraderId = (index: number) => `SEEDT-${String(index).padStart(6, '0')}`;

/** Every 10th account failed, every 15th passed, the rest active with a room that varies. */
function seedStatus(index: number): 'active' | 'passed' | 'failed' {
  if (index % 10 === 3) return 'failed';
  if (index % 15 === 7) return 'passed';
  return 'active';
}

/** The trailing drawdown breach that failed a failed account on the seeded date. */
function seedBreach(used: number): Violation {
  return {
    ruleId: 'trailing-drawdown',
    name: 'Trailing Drawdown',
    ruleType: 'trailing-drawdown',
    category: 'drawdown',
    severity: 'violation',
    date: SEED_DATE,
    value: used,
    threshold: 2_500,
    description: `Balance fell below the trailing drawdown floor ($${used} of $2,500 used)`,
    soft: false,
  };
}

function seedSummary(
  accountId: string,
  traderId: string,
  index: number,
  phase: StoredAccountInput['phase'],
): AccountSummaryRecordInput {
  const status = seedStatus(index);
  const startingBalance = 50_000;
  // A drawdown room from $0 to $2,500 of a $2,500 limit, spread by the index.
  const drawdownUsed = (index * 37) % 2_501;
  const balance = startingBalance - drawdownUsed + ((index * 13) % 700);
  const floor = balance - (2_500 - drawdownUsed);
  return {
    accountId,
    traderId,
    phase: phase ?? 'evaluation',
    accountStatus: status,
    conformanceStatus: status === 'failed' ? 'violation' : 'compliant',
    overallScore: 80,
    startingBalance,
    currentBalance: balance,
    peakBalance: Math.max(startingBalance, balance),
    totalProfit: balance - startingBalance,
    currentDrawdown: Math.max(0, startingBalance - balance),
    totalDrawdown: drawdownUsed,
    profitTarget: 3_000,
    profitTargetProgress: Math.min(1, Math.max(0, (balance - startingBalance) / 3_000)),
    profitTargetAchieved: status === 'passed',
    totalTrades: 40,
    winningTrades: 22,
    losingTrades: 18,
    winRate: 0.55,
    averageWin: 120,
    averageLoss: -95,
    profitFactor: 1.5,
    maxConsecutiveWins: 4,
    maxConsecutiveLosses: 3,
    monthlyTradeCount: 40,
    tradingDaysCompleted: 8,
    minTradingDaysRequired: 5,
    consecutiveWinningDays: 2,
    consistencyRuleCompliant: true,
    trailingDrawdownCompliant: status !== 'failed',
    drawdown: {
      maxDrawdown: 2_500,
      floorInForce: floor,
      floor,
      locked: false,
      trough: balance - 50,
      balance,
      used: drawdownUsed,
      atTrough: Math.min(2_500, drawdownUsed + 50),
      decided: drawdownUsed,
      usage: drawdownUsed / 2_500,
      breached: status === 'failed',
    },
    dailyLoss: { loss: (index * 7) % 1_000, limit: 1_000 },
    ...(status === 'failed'
      ? {
          activeRuleViolations: 1,
          activeViolations: [seedBreach(drawdownUsed)],
          decisiveBreach: seedBreach(drawdownUsed),
        }
      : { activeRuleViolations: 0, activeViolations: [] }),
    inactivityWarning: false,
    firstPayoutRequirementsMet: false,
    payoutEligible: false,
    phasePassed: status === 'passed',
    phasePassedDate: status === 'passed' ? '20260302' : null,
    phaseFailed: status === 'failed',
    phaseFailedDate: status === 'failed' ? '20260302' : null,
    startDate: '20260220',
    lastTradingDate: '20260302',
    lastCalculationDate: '20260302',
    lastconformanceCheck: STAMP,
    createdAt: STAMP,
    updatedAt: STAMP,
  } as AccountSummaryRecordInput;
}

/** The `index`th account of the seeded firm. */
export function seedAccountOf(index: number): StoredAccountInput {
  const accountId = seedAccountId(index);
  const traderId = seedTraderId(Math.floor(index / ACCOUNTS_PER_TRADER));
  const phase = ACCOUNT_PHASES[index % ACCOUNT_PHASES.length];
  const prefix = PROGRAMS[index % PROGRAMS.length]!;
  const summary = seedSummary(accountId, traderId, index, phase);
  return {
    accountId,
    name: `Seed Account ${index}`,
    traderId,
    email: `${traderId.toLowerCase()}@seed.example.com`,
    phase,
    status: seedStatus(index),
    rithmicStatus: RITHMIC_STATUSES[Math.floor(index / 4) % RITHMIC_STATUSES.length],
    program: {
      prefix,
      name: prefix,
      version: 1,
      currentPhase: 'evaluation',
      currentPhaseData: { type: 'evaluation', startingBalance: 50_000 },
    },
    summary: { balance: summary.currentBalance, equity: summary.currentBalance },
    accountSummary: summary,
    createdDate: '20260220',
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

/** The `index`th trader of the seeded firm. */
export function seedTraderOf(index: number): Trader {
  const traderId = seedTraderId(index);
  return {
    traderId,
    firstName: `Seed${index}`,
    lastName: `Trader${index % 97}`,
    username: `seed${index}`,
    email: `${traderId.toLowerCase()}@seed.example.com`,
    status: 'active',
    accounts: [],
    brokers: [],
    fingerprints: [],
    ipAddresses: [],
    phone: {},
  } as Trader;
}

/** The items of a firm of `accounts` accounts and their traders, as the repositories store them. */
export function seedFirmItems(accounts: number): Item[] {
  const items: Item[] = [];
  for (let index = 0; index < accounts; index += 1) {
    items.push(accountRepository.itemOf(seedAccountOf(index)));
  }
  for (let index = 0; index < Math.ceil(accounts / ACCOUNTS_PER_TRADER); index += 1) {
    items.push(traderRepository.itemOf(seedTraderOf(index)));
  }
  return items;
}

/** Writes a firm of `accounts` accounts and their traders into the table of `TABLE_NAME`. */
export async function seedFirm(accounts: number): Promise<void> {
  await batchPutAll(seedFirmItems(accounts), { concurrency: 32 });
}

/** The `index`th account's broker figures of the seeded date (the day items carry no judging). */
function seedDayOf(index: number) {
  const account = storedAccountSchema.parse(seedAccountOf(index));
  const trades = 1 + (index % 12);
  const wins = Math.floor((trades * ((index * 7) % 10)) / 10);
  const netPnl = ((index * 53) % 2_001) - 1_000;
  return {
    Account: account.accountId,
    Date: SEED_DATE,
    traderId: account.traderId,
    FCM: 'Seed FCM',
    IB: 'Seed IB',
    ClosedPnl: netPnl + trades * 4,
    NetPnl: netPnl,
    Commissions: trades * 4,
    Trades: trades,
    WinTrades: wins,
    LoserTrades: trades - wins,
    WinPct: Math.round((wins / trades) * 100),
    CashBal: account.summary!.balance,
    AcctBal: account.summary!.balance,
    // The Latest Performance group the day is listed in, as the judge places it.
    placement: { phase: account.phase, rithmicStatus: account.rithmicStatus },
  };
}

/**
 * What the other staff lists read besides `seedFirmItems`: the seeded date, each account's day item
 * and summary row of it, and the kept aggregates as counting every account one by one leaves them
 * (index rows per account, the counters summed into one shard).
 */
export function seedDayAndAggregateItems(accounts: number): Item[] {
  const items: Item[] = [performanceRepository.dateItemOf(SEED_DATE)];
  const contributions = [];
  for (let index = 0; index < accounts; index += 1) {
    const dayItems = performanceRepository.dayItemsOf(seedDayOf(index));
    items.push(...dayItems);
    // The summary row's figures in the firm totals and group counts, as a writer's flush counts them.
    for (const item of dayItems.filter(isSummaryRowKey))
      contributions.push(summaryRowContribution(storedSummaryRowOf(item)));
    const account = storedAccountSchema.parse(seedAccountOf(index));
    const contribution = accountContribution(account);
    contributions.push(contribution);
    items.push(...contribution.index.map((entry) => indexItemOf(entry, account.accountId)));
  }
  for (const [scope, counts] of Object.entries(sumContributions(contributions)))
    items.push(counterItemOf(scope, 0, counts));
  return items;
}

/** `seedFirm` and the seeded date's day items, summary rows and kept aggregates. */
export async function seedFirmWithDay(accounts: number): Promise<void> {
  // The counters are written summed above, not counted row by row as they are stored.
  await batchPutAll([...seedFirmItems(accounts), ...seedDayAndAggregateItems(accounts)], {
    concurrency: 32,
    countAggregates: false,
  });
}

/** The files whose code shapes the seeded items: a change to any of them makes a new seed. */
const SHAPING_FILES = [
  'scripts/bench/seed-30k.ts',
  'scripts/bench/seeded-firms.ts',
  'functions/lib/db/keys.ts',
  'functions/lib/db/table-definition.ts',
  'functions/lib/repositories/account-repository.ts',
  'functions/lib/repositories/trader-repository.ts',
  'functions/lib/repositories/performance-repository.ts',
  'functions/lib/daily-summary-rows.ts',
  'functions/lib/aggregates/account-aggregates.ts',
  'functions/lib/aggregates/dashboard-rows.ts',
  'functions/lib/aggregates/store.ts',
  'functions/lib/aggregates/summary-aggregates.ts',
  'shared/accounts/account.ts',
];

/**
 * Where the seeded firms live between runs: `.data/bench-seed-<hash of the shaping code>/`, and
 * whether they are complete there (`ready`, written after the last BatchWrite by `markSeeded`).
 */
export function seedStore(): { path: string; ready: boolean } {
  const hash = createHash('sha256');
  for (const file of SHAPING_FILES) hash.update(readFileSync(file));
  const path = join('.data', `bench-seed-${hash.digest('hex').slice(0, 12)}`);
  mkdirSync(path, { recursive: true });
  return { path, ready: existsSync(join(path, 'SEEDED')) };
}

export function markSeeded(path: string): void {
  writeFileSync(join(path, 'SEEDED'), new Date().toISOString());
}
