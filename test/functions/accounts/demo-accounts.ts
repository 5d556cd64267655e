import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSync } from '../../support/run-sync';
import type { BrokerFileSource } from '../../../functions/sync/s3-source';
import {
  demoPrograms,
  demoRules,
  directorySink,
  generateDemoData,
  type DemoDataResult,
} from '../../../scripts/demo-data';
import { seedPrograms, seedRules } from '../../../scripts/local-stack/seed';
import { directorySource } from '../../../scripts/demo-data';
import type { Role } from '../../support/http-events';
import { claimsFor } from '../../support/http-events';

/** The demo trader `trader@example.com` (claims of `claimsFor('trader')`) is trader TR000001. */
export const OWNER_TRADER_ID = 'TR000001';

/** A signed-in trader who owns none of the demo accounts. */
export function otherTraderClaims(): Record<string, string> {
  return {
    ...claimsFor('trader', 'other-trader-id'),
    email: 'someone.else@example.com',
    'custom:traderId': 'TR999998',
    'custom:memberId': '999',
  };
}

export const callers = {
  admin: claimsFor('admin'),
  owner: claimsFor('trader' satisfies Role),
  other: otherTraderClaims(),
};

export interface DemoStack {
  demo: DemoDataResult;
  /** The broker files of every generated date. */
  source: BrokerFileSource;
  /** The same files without the last date, to sync it later. */
  sourceWithoutLastDate: BrokerFileSource;
  dispose(): void;
}

/**
 * Demo broker files for a few traders and days, the demo rules and programs seeded, and the real
 * daily sync run over every date but the last (`syncAll` runs it over all of them).
 */
export async function demoStack(options: { seed: string; days?: number }): Promise<DemoStack> {
  const dir = mkdtempSync(join(tmpdir(), 'deskline-accounts-'));
  const days = options.days ?? 6;
  const demo = await generateDemoData({ traders: 2, days, seed: options.seed }, directorySink(dir));
  await seedRules(demoRules('2026-01-01T00:00:00.000Z'));
  await seedPrograms(demoPrograms('2026-01-01T00:00:00.000Z'));
  const source = directorySource(dir);
  const sourceWithoutLastDate: BrokerFileSource = {
    ...source,
    listDates: async () => (await source.listDates()).slice(0, -1),
  };
  return {
    demo,
    source,
    sourceWithoutLastDate,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function syncAllButLast(stack: DemoStack): Promise<void> {
  await runSync({ count: 30, source: stack.sourceWithoutLastDate });
}

export async function syncLastDate(stack: DemoStack): Promise<void> {
  await runSync({ count: 1, source: stack.source });
}
