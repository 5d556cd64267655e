import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSync } from './run-sync';
import type { BrokerFileSource } from '../../functions/sync/s3-source';
import {
  directorySink,
  directorySource,
  generateDemoData,
  type DemoDataResult,
} from '../../scripts/demo-data';
import { seedCatalogue } from './programs';

export interface DemoStack {
  demo: DemoDataResult;
  /** The broker files of every generated date. */
  source: BrokerFileSource;
  /** The same files without the last date, to sync it later. */
  sourceWithoutLastDate: BrokerFileSource;
  dispose(): void;
}

/**
 * A demo firm: broker files for two traders over a few days in a temporary folder, and the demo rules
 * and programs seeded. The real daily sync then runs over them: `syncAllButLast` over every date but
 * the last (to sync it later with `syncLastDate`), `syncAll` over all of them.
 */
export async function demoStack(options: { seed: string; days?: number }): Promise<DemoStack> {
  const dir = mkdtempSync(join(tmpdir(), 'deskline-accounts-'));
  const days = options.days ?? 6;
  const demo = await generateDemoData({ traders: 2, days, seed: options.seed }, directorySink(dir));
  await seedCatalogue();
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

export async function syncAll(stack: DemoStack): Promise<void> {
  await runSync({ count: 30, source: stack.source });
}
