import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../functions/lib/aws/dynamodb';
import { metaKeys } from '../../functions/lib/db/keys';
import { tableName } from '../../functions/lib/db/table';
import { ConflictError } from '../../functions/lib/errors';
import { programRepository } from '../../functions/lib/repositories/program-repository';
import { ruleRepository } from '../../functions/lib/repositories/rule-repository';
import { traderRepository } from '../../functions/lib/repositories/trader-repository';
import { putItem } from '../../functions/lib/db/table';
import { requiredEnv } from '../../functions/lib/env';
import { startRun } from '../../functions/sync/runs';
import { executeRun } from '../../functions/sync/workflow';
import { backfillSummaryRows } from '../../functions/sync/summary-rows-backfill';
import { repairAccountAggregates } from '../../functions/lib/aggregates/recount';
import type { Program } from '@shared/programs/program';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import {
  bucketSink,
  demoPrograms,
  demoRules,
  demoTraderProfiles,
  generateDemoData,
  type TraderProfile,
} from '../demo-data';

/**
 * Runs a first-run seeding step once per data folder. The marker is written after the step, so a run
 * cut short seeds again next start; steps are idempotent for that reason.
 */
export async function seedOnce(name: string, step: () => Promise<void>): Promise<boolean> {
  const key = metaKeys.seed(name);
  const { Item } = await dynamoDocumentClient().send(
    new GetCommand({ TableName: tableName(), Key: key }),
  );
  if (Item) return false;
  await step();
  await dynamoDocumentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key, seededAt: new Date().toISOString() },
    }),
  );
  return true;
}

/** Creates the programs; one that already exists is left as it is. */
export async function seedPrograms(programs: readonly Program[]): Promise<void> {
  for (const program of programs) {
    try {
      await programRepository.create(program);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
}

/** Creates the rule definitions; one that already exists is left as it is. */
export async function seedRules(rules: readonly RuleDefinition[]): Promise<void> {
  for (const rule of rules) {
    try {
      await ruleRepository.create(rule);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
}

/** Adds each profile's fields to its stored trader; a trader not in the table is skipped. */
export async function seedTraderProfiles(
  profiles: ReadonlyMap<string, TraderProfile>,
): Promise<void> {
  for (const [traderId, profile] of profiles) {
    const trader = await traderRepository.get(traderId);
    if (trader) await putItem(traderRepository.itemOf({ ...trader, ...profile }));
  }
}

/** The demo firm of a fresh `npm start`: a few dozen traders over four weeks of trading. */
export const DEMO_DATA = { traders: 25, days: 20, seed: 'deskline' } as const;

/** The last weekday before `today` (UTC): the broker's files of today arrive tonight. */
export function lastTradingDateBefore(today: Date): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  do day.setUTCDate(day.getUTCDate() - 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * First-run seeding (DESIGN §8): the rules and programs of the demo firm, then its broker files in the
 * local bucket, judged by the real sync, so every screen starts with real data.
 */
export async function seedDemoData(log: (message: string) => void): Promise<void> {
  const createdAt = new Date().toISOString();
  const seededCatalog = await seedOnce('demo-catalog', async () => {
    await seedRules(demoRules(createdAt));
    await seedPrograms(demoPrograms(createdAt));
  });
  if (seededCatalog) log('Seeded the demo rules and programs');

  await seedOnce('demo-broker-files', async () => {
    const endDate = lastTradingDateBefore(new Date());
    log(
      `Generating demo broker files: ${DEMO_DATA.traders} traders, ${DEMO_DATA.days} trading days to ${endDate}...`,
    );
    const generated = await generateDemoData(
      { ...DEMO_DATA, endDate },
      bucketSink({ bucket: requiredEnv('FILES_BUCKET') }),
    );
    log(
      `Wrote ${generated.files.length} files; running the daily sync over ${generated.dates.length} dates...`,
    );
    const run = await executeRun(
      await startRun({ count: generated.dates.length, trigger: 'seed' }),
    );
    if (run.status !== 'succeeded')
      throw new Error(`The seeding sync failed: ${run.error ?? 'unknown error'}`);
    const summary = run.summary;
    log(
      `Sync done in ${((summary?.processingTimeMs ?? 0) / 1000).toFixed(1)} s: ` +
        `${summary?.accountsRecords ?? 0} account rows, ${summary?.dailyPerformanceRecords ?? 0} account-days judged, ` +
        `${summary?.auditTrailRecords ?? 0} audit rows`,
    );
  });

  // The trader fields the broker's files do not carry (address, phones, login info, membership
  // record…): written once onto the synced traders; later syncs keep them.
  const profiled = await seedOnce('demo-trader-profiles', async () => {
    await seedTraderProfiles(
      demoTraderProfiles({
        seed: DEMO_DATA.seed,
        traders: DEMO_DATA.traders,
        endDate: lastTradingDateBefore(new Date()),
      }),
    );
  });
  if (profiled) log('Added the demo traders’ profiles (address, phones, login info, membership)');

  // Data judged before daily summary rows were stored gets them once (a new seed marks it done).
  const backfilled = await seedOnce('daily-summary-rows', async () => {
    await backfillSummaryRows();
  });
  if (backfilled) log('Wrote the daily summary rows of the stored days');

  // Accounts counted before their program version was part of their kept aggregates get it once
  // (a fresh seed counted it already: each count is then a marker read).
  await seedOnce('account-program-counters', async () => {
    const changed = await repairAccountAggregates();
    if (changed > 0) log(`Counted the program versions of ${changed} accounts`);
  });
}
