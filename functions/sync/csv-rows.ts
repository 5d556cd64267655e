import type { Readable } from 'node:stream';
import { CsvTokenizer, type CsvToken } from './csv-tokenizer';

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
 * memory stays bounded whatever the file's size. A record the reader cannot read (a quote never
 * closed, a stray quote) or whose cell count differs from the header's is reported, not fatal; the
 * first record read is the header. A source stream error ends the iteration with that error.
 */
export async function* readCsv(stream: Readable): AsyncGenerator<CsvEvent> {
  // Streaming mode decodes a character split between chunks whole; a leading BOM is dropped and
  // bytes that are not UTF-8 read as U+FFFD.
  const decoder = new TextDecoder();
  const tokenizer = new CsvTokenizer();
  let header: string[] | undefined;
  const toEvent = (token: CsvToken): CsvEvent => {
    if (token.type === 'bad-record') return token;
    if (!header) {
      header = token.cells.map((name) => name.trim());
      return { type: 'header', columns: header };
    }
    if (token.cells.length !== header.length) {
      return {
        type: 'bad-record',
        line: token.line,
        reason: `Row has ${token.cells.length} cells but the header has ${header.length}`,
      };
    }
    const cells: Record<string, string> = {};
    header.forEach((name, index) => {
      cells[name] = token.cells[index] as string;
    });
    return { type: 'record', record: { line: token.line, cells } };
  };
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    yield* tokenizer.push(decoder.decode(bytes, { stream: true })).map(toEvent);
  }
  yield* tokenizer.end(decoder.decode()).map(toEvent);
}
