import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

export interface CsvRecord {
  /** Line of the record in the file, the header being line 1. */
  line: number;
  /** Cells by header name; unknown columns are kept and ignored downstream. */
  cells: Record<string, string>;
}

export type CsvEvent =
  | { type: 'header'; columns: string[] }
  | { type: 'record'; record: CsvRecord }
  | { type: 'bad-record'; line: number; reason: string };

/**
 * Streams a broker file (RFC 4180, header row, UTF-8 with or without BOM) as records, one at a time:
 * memory stays bounded whatever the file's size. A record the parser cannot read (a quote never
 * closed, a stray quote) or whose cell count differs from the header's is reported, not fatal.
 */
export async function* readCsv(stream: Readable): AsyncGenerator<CsvEvent> {
  const parser = stream.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      skip_records_with_error: true,
    }),
  );
  // pipe() does not forward a source error (a connection reset, a broken gzip): the parser would wait
  // forever. Passed on, it ends the iteration below with that error.
  stream.once('error', (error) => parser.destroy(error));
  const skipped: CsvEvent[] = [];
  parser.on('skip', (error: Error & { lines?: number }) => {
    skipped.push({ type: 'bad-record', line: error.lines ?? 0, reason: error.message });
  });
  let header: string[] | undefined;
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    yield* skipped.splice(0);
    if (!header) {
      header = record.map((name) => name.trim());
      yield { type: 'header', columns: header };
      continue;
    }
    if (record.length !== header.length) {
      yield {
        type: 'bad-record',
        line: info.lines,
        reason: `Row has ${record.length} cells but the header has ${header.length}`,
      };
      continue;
    }
    const cells: Record<string, string> = {};
    header.forEach((name, index) => {
      cells[name] = record[index] as string;
    });
    yield { type: 'record', record: { line: info.lines, cells } };
  }
  yield* skipped.splice(0);
}
