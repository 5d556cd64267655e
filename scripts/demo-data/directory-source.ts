import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { brokerFilesOf, type BrokerFileSource } from '../../functions/sync/s3-source';

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
      // A fixed time: re-running the same files must store the same fileModifiedDate.
      return brokerFilesOf(
        readdirSync(join(brokerDir, date))
          .sort()
          .map((name) => ({
            key: `broker/${date}/${name}`,
            lastModified: '2026-01-01T00:00:00.000Z',
          })),
      );
    },
    async open(file) {
      const stream = createReadStream(join(dir, file.key));
      return file.gzip ? stream.pipe(createGunzip()) : stream;
    },
  };
}
