import { createReadStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
import { runSync } from '../../functions/sync/pipeline';
import type { BrokerFile, BrokerFileSource } from '../../functions/sync/s3-source';
import { parseBrokerFileKey } from '@shared/broker-files/registry';
import { demoPrograms, demoRules, directorySink, generateDemoData } from '../demo-data';
import { seedPrograms, seedRules } from '../local-stack/seed';

/** The broker files of a demo folder, as the sync reads them from the bucket. */
function folderSource(dir: string): BrokerFileSource {
  const broker = join(dir, 'broker');
  return {
    listDates: async () => readdirSync(broker).sort(),
    async listFiles(date) {
      return readdirSync(join(broker, date)).flatMap((name): BrokerFile[] => {
        const key = `broker/${date}/${name}`;
        const parsed = parseBrokerFileKey(key);
        return parsed
          ? [
              {
                key,
                kind: parsed.kind,
                gzip: parsed.gzip,
                lastModified: `${new Date(0).toISOString()}`,
              },
            ]
          : [];
      });
    },
    open: async (file) => createReadStream(join(dir, file.key)),
  };
}

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
    await runSync({ count: 5, source: folderSource(dir) });
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
