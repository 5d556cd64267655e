import { once } from 'node:events';
import { pipeline, Transform, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { stringify, type Stringifier } from 'csv-stringify';
import type { DemoDataSink } from './sinks';

const BLOCK_BYTES = 64 * 1024;

/**
 * Joins the stringifier's one-row chunks into blocks of about 64 KiB: gzip and the file system pay
 * for every chunk they are handed, which made compressed output several times slower.
 */
function blocks(): Transform {
  let pending: Buffer[] = [];
  let length = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      length += chunk.length;
      if (length >= BLOCK_BYTES) {
        this.push(Buffer.concat(pending, length));
        pending = [];
        length = 0;
      }
      done();
    },
    flush(done) {
      if (length > 0) this.push(Buffer.concat(pending, length));
      done();
    },
  });
}

/**
 * One CSV file being written: csv-stringify (RFC 4180 quoting, header row first), optionally gzip,
 * into a sink. `write` waits whenever the stream's buffer is full, so a slow sink slows the generator
 * instead of letting rows pile up in memory.
 */
export class CsvFile {
  rows = 0;
  private readonly stringifier: Stringifier;
  private readonly stored: Promise<void>;

  constructor(sink: DemoDataSink, key: string, columns: readonly string[], gzip: boolean) {
    this.stringifier = stringify({ header: true, columns: [...columns] });
    // zlib writes no timestamp or file name into the gzip header, so gzip output is deterministic;
    // an error on any of the streams destroys the others and fails the sink's pipeline.
    const ignore = () => undefined;
    const body: Readable = gzip
      ? pipeline(this.stringifier, blocks(), createGzip(), ignore)
      : pipeline(this.stringifier, blocks(), ignore);
    this.stored = sink.put(key, body, gzip ? 'application/gzip' : 'text/csv');
    // Failures surface through write() and close(); this keeps an early one from going unhandled.
    this.stored.catch(() => undefined);
  }

  async write(row: readonly string[]): Promise<void> {
    this.rows += 1;
    if (!this.stringifier.write(row)) {
      // A sink that fails never drains: wait for whichever comes first.
      await Promise.race([once(this.stringifier, 'drain'), this.stored]);
    }
  }

  /** Abandons the file after a failure elsewhere; the sink's put rejects and is ignored. */
  destroy(): void {
    this.stringifier.destroy();
  }

  async close(): Promise<void> {
    this.stringifier.end();
    await this.stored;
  }
}
