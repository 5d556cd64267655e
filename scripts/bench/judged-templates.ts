import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountRepository,
  type StoredAccount,
} from '../../functions/lib/repositories/account-repository';
import {
  performanceRepository,
  type StoredPerformance,
} from '../../functions/lib/repositories/performance-repository';
import { runSync } from '../../test/support/run-sync';
import {
  demoPrograms,
  demoRules,
  directorySink,
  directorySource,
  generateDemoData,
} from '../demo-data';
import { seedPrograms, seedRules } from '../local-stack/seed';

/**
 * Judged accounts and their last day from a small demo sync (into the table of `TABLE_NAME`): the
 * templates the API benches clone their thousands of accounts from, so items carry real summaries,
 * engine states and conformances. `seed` names the demo data and the temporary folder.
 */
export async function judgedTemplates(
  seed: string,
): Promise<{ account: StoredAccount; day: StoredPerformance }[]> {
  const dir = mkdtempSync(join(tmpdir(), `deskline-${seed}-`));
  try {
    const demo = await generateDemoData({ traders: 6, days: 5, seed }, directorySink(dir));
    const createdAt = '2026-01-01T00:00:00.000Z';
    await seedRules(demoRules(createdAt));
    await seedPrograms(demoPrograms(createdAt));
    await runSync({ count: 5, source: directorySource(dir) });
    const last = demo.dates.at(-1)!;
    const pairs = [];
    for (const account of await accountRepository.listAll()) {
      const day = await performanceRepository.getStoredDay(account.accountId, last);
      if (account.engineState && day?.conformance) pairs.push({ account, day });
    }
    return pairs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
