import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { parseBrokerFileKey } from '@shared/broker-files/registry';
import type { BrokerFile, BrokerFileSource } from '../../functions/sync/s3-source';

/**
 * Broker files from a folder laid out like the bucket (`<dir>/broker/<date>/<kind>.csv[.gz]`), as the
 * sync reads them from S3: what `directorySink` wrote, for tests and benchmarks that sync without one.
 */
export function directorySource(dir: string): BrokerFileSource {
  const brokerDir = join(dir, 'broker');
  return {
    async listDates() {
      return existsSync(brokerDir) ? readdirSync(brokerDir).sort() : [];
    },
    async listFiles(date) {
      const files: BrokerFile[] = [];
      for (const name of readdirSync(join(brokerDir, date)).sort()) {
        const key = `broker/${date}/${name}`;
        const parsed = parseBrokerFileKey(key);
        if (!parsed) continue;
        // A fixed time: re-running the same files must store the same fileModifiedDate.
        files.push({
          key,
          kind: parsed.kind,
          gzip: parsed.gzip,
          lastModified: '2026-01-01T00:00:00.000Z',
        });
      }
      return files;
    },
    async open(file) {
      const stream = createReadStream(join(dir, file.key));
      return file.gzip ? stream.pipe(createGunzip()) : stream;
    },
  };
}
