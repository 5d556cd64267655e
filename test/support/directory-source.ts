import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { parseBrokerFileKey } from '../../shared/broker-files/registry';
import type { BrokerFile, BrokerFileSource } from '../../functions/sync/s3-source';

/** Broker files from a folder laid out like the bucket (`<dir>/broker/<date>/<kind>.csv[.gz]`). */
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
        const lastModified = new Date(Date.UTC(2026, 0, 1)).toISOString();
        files.push({ key, kind: parsed.kind, gzip: parsed.gzip, lastModified });
        statSync(join(dir, key));
      }
      return files;
    },
    async open(file) {
      const stream = createReadStream(join(dir, file.key));
      return file.gzip ? stream.pipe(createGunzip()) : stream;
    },
  };
}
