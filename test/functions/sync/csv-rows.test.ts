import { Readable } from 'node:stream';
import { parse, type CsvError, type Options } from 'csv-parse';
import fc from 'fast-check';
import { readCsv, type CsvEvent } from '../../../functions/sync/csv-rows';
import { MAX_RECORD_CHARS } from '../../../functions/sync/csv-tokenizer';

/** The events `readCsv` gives for `chunks`, each a piece of the file's bytes (or text). */
async function read(...chunks: Array<string | Buffer>): Promise<CsvEvent[]> {
  const events: CsvEvent[] = [];
  for await (const event of readCsv(Readable.from(chunks))) events.push(event);
  return events;
}

/** The file's bytes one at a time: every split, inside a CRLF, a doubled quote or a character. */
function byteByByte(text: string): Buffer[] {
  return [...Buffer.from(text)].map((byte) => Buffer.from([byte]));
}

const header = (...columns: string[]): CsvEvent => ({ type: 'header', columns });
const record = (line: number, cells: Record<string, string>): CsvEvent => ({
  type: 'record',
  record: { line, cells },
});
const bad = (line: number, reason: unknown): CsvEvent =>
  ({ type: 'bad-record', line, reason }) as CsvEvent;

describe('readCsv', () => {
  it('reads a header and records, each with the line it ends on, with a trailing newline or none', async () => {
    const expected = [
      header('a', 'b'),
      record(2, { a: '1', b: '2' }),
      record(3, { a: '3', b: '' }),
    ];

    await expect(read('a,b\n1,2\n3,\n')).resolves.toEqual(expected);
    await expect(read('a,b\n1,2\n3,')).resolves.toEqual(expected);
    await expect(read('a,b\r\n1,2\r\n3,\r\n')).resolves.toEqual(expected);
    await expect(read('a,b\r\n1,2\r\n3,')).resolves.toEqual(expected);
    await expect(read('a,b\r1,2\r3,\r')).resolves.toEqual(expected);
  });

  it('trims the header names, not the cells', async () => {
    await expect(read(' a , b\n 1 ,2\n')).resolves.toEqual([
      header('a', 'b'),
      record(2, { a: ' 1 ', b: '2' }),
    ]);
  });

  it('reads quoted cells: commas, doubled quotes and line breaks, the record on the line it ends', async () => {
    await expect(read('a,b\n"x, ""y""","1\n2\n3"\nc,d\n')).resolves.toEqual([
      header('a', 'b'),
      record(4, { a: 'x, "y"', b: '1\n2\n3' }),
      record(5, { a: 'c', b: 'd' }),
    ]);
  });

  it('counts a CRLF inside a quoted cell as one line (csv-parse counts two)', async () => {
    // csv-parse reports lines 4 and 5 here: its line counter sees the CR and the LF apart unless
    // they end a record. A line number is for finding the row in an editor, which shows 3 and 4.
    await expect(read('a,b\r\n"x\r\ny",1\r\nc,d\r\n')).resolves.toEqual([
      header('a', 'b'),
      record(3, { a: 'x\r\ny', b: '1' }),
      record(4, { a: 'c', b: 'd' }),
    ]);
  });

  it("takes the file's first line ending as its own: another kind outside quotes is cell text", async () => {
    // As csv-parse: in an LF file the CR of a CRLF stays in the last cell; in a CRLF file an LF
    // alone is cell text, so two lines make one record here.
    await expect(read('a,b\n1,2\r\n3,4\n')).resolves.toEqual([
      header('a', 'b'),
      record(2, { a: '1', b: '2\r' }),
      record(3, { a: '3', b: '4' }),
    ]);
    await expect(read('a,b\r\n1,2\n3,4\r\n')).resolves.toEqual([
      header('a', 'b'),
      bad(3, 'Row has 3 cells but the header has 2'),
    ]);
  });

  it('skips empty lines, not a line of spaces or of an empty quoted cell', async () => {
    await expect(read('\na\n\n\n1\n  \n""\n\n')).resolves.toEqual([
      header('a'),
      record(5, { a: '1' }),
      record(6, { a: '  ' }),
      record(7, { a: '' }),
    ]);
    await expect(read('a\r\n\r\n1\r\n\r\n')).resolves.toEqual([header('a'), record(3, { a: '1' })]);
  });

  it('drops a UTF-8 BOM, also when the chunks split it', async () => {
    const expected = [header('Account', 'NetPnl'), record(2, { Account: 'A1', NetPnl: '5' })];

    await expect(read('\uFEFFAccount,NetPnl\nA1,5\n')).resolves.toEqual(expected);
    await expect(read(...byteByByte('\uFEFFAccount,NetPnl\nA1,5\n'))).resolves.toEqual(expected);
  });

  it('reads the same whatever the chunks: inside a CRLF, a doubled quote or a UTF-8 character', async () => {
    const text = 'name,note\r\n"Zoë ""Z""","✓ 😀\r\nok"\r\nÅsa,€\r\n';
    const expected = [
      header('name', 'note'),
      record(3, { name: 'Zoë "Z"', note: '✓ 😀\r\nok' }),
      record(4, { name: 'Åsa', note: '€' }),
    ];

    await expect(read(text)).resolves.toEqual(expected);
    await expect(read(...byteByByte(text))).resolves.toEqual(expected);
  });

  it('reads bytes that are not UTF-8 as U+FFFD', async () => {
    await expect(read(Buffer.from([0x61, 0x0a, 0xff, 0x62, 0x0a]))).resolves.toEqual([
      header('a'),
      record(2, { a: '\uFFFDb' }),
    ]);
  });

  it('reports a record whose cell count differs from the header and reads on', async () => {
    await expect(read('a,b\n1\n1,2,3\n1,2\n')).resolves.toEqual([
      header('a', 'b'),
      bad(2, 'Row has 1 cells but the header has 2'),
      bad(3, 'Row has 3 cells but the header has 2'),
      record(4, { a: '1', b: '2' }),
    ]);
  });

  it('reports a record with a quote inside an unquoted cell, once for the line, and reads on', async () => {
    await expect(read('a,b\n1,2"x"\n3,4\n')).resolves.toEqual([
      header('a', 'b'),
      bad(2, expect.stringContaining('Quote inside unquoted cell 2')),
      record(3, { a: '3', b: '4' }),
    ]);
  });

  it('reports a record with a stray quote after a closing quote, once for the line, and reads on', async () => {
    // The cell stays open after the stray quote (as in csv-parse), so the closing `",` still
    // closes it and the next line is read as a record.
    await expect(read('a,b\n"Smith "JJ" John",1\n3,4\n')).resolves.toEqual([
      header('a', 'b'),
      bad(2, expect.stringContaining('Quote in quoted cell 1 neither doubled nor followed')),
      record(3, { a: '3', b: '4' }),
    ]);
  });

  it('reads on from a stray quote as inside the cell until a quote closes it, as csv-parse does', async () => {
    await expect(read('a,b\n"x"y,1\n2,"3"\n5,6\n')).resolves.toEqual([
      header('a', 'b'),
      bad(2, expect.stringContaining('Quote in quoted cell 1')),
      bad(3, expect.stringContaining('Quote in quoted cell 1')),
      record(4, { a: '5', b: '6' }),
    ]);
  });

  it('reports an unclosed quote at the end of the file on its last line, naming where it opened', async () => {
    const reason =
      'Unclosed quote starting on line 3 (cell 2): the rest of the file was read into that cell';
    const expected = [header('a', 'b'), record(2, { a: '1', b: '2' }), bad(5, reason)];

    await expect(read('a,b\n1,2\n3,"4\n5\n6,7\n')).resolves.toEqual(expected);
    await expect(read('a,b\n1,2\n3,"4\n5\n6,7')).resolves.toEqual(expected);
  });

  it('takes the first record read as the header, as csv-parse did, when the first line is bad', async () => {
    await expect(read('a"x,b\nc,d\n1,2\n')).resolves.toEqual([
      bad(1, expect.stringContaining('Quote inside unquoted cell 1')),
      header('c', 'd'),
      record(3, { c: '1', d: '2' }),
    ]);
  });

  it('gives no event for an empty file or a BOM alone', async () => {
    await expect(read('')).resolves.toEqual([]);
    await expect(read('\uFEFF\n\n')).resolves.toEqual([]);
  });

  it('reports a record longer than its bound, without keeping it, and reads on', async () => {
    // csv-parse keeps a record of any length: an unclosed quote would hold the rest of the file.
    const long = 'x'.repeat(MAX_RECORD_CHARS);
    await expect(read('a,b\n', `"${long}`, `",${long}\n1,2\n`)).resolves.toEqual([
      header('a', 'b'),
      bad(2, 'Record longer than 1,000,000 characters'),
      record(3, { a: '1', b: '2' }),
    ]);
  });

  it('ends with the source stream error', async () => {
    const failure = Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
    const source = Readable.from(
      (async function* () {
        yield 'a,b\n1,2\n';
        throw failure;
      })(),
    );
    const events: CsvEvent[] = [];

    await expect(
      (async () => {
        for await (const event of readCsv(source)) events.push(event);
      })(),
    ).rejects.toBe(failure);
    expect(events).toEqual([header('a', 'b'), record(2, { a: '1', b: '2' })]);
  });
});

// ---------------------------------------------------------------------------------------------
// The same reading as csv-parse, the library it replaced, with the options the sync gave it.

const OPTIONS = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  info: true,
  skip_records_with_error: true,
} as const;

const CR = 0x0d;
const LF = 0x0a;

/** The physical line of byte `at`: LF, CR and CRLF are one line break each. */
function physicalLine(bytes: Buffer, at: number): number {
  let line = 1;
  for (let index = 0; index < at; index += 1) {
    if (bytes[index] === LF || (bytes[index] === CR && bytes[index + 1] !== LF)) line += 1;
  }
  return line;
}

interface Expected {
  events: CsvEvent[];
  /** Per line reported bad, the lines it may be on (a range, see `csvParseReading`). */
  badLines: Array<[number, number]>;
}

/**
 * What csv-parse reads in `bytes`, through the header and cell-count step of `readCsv`.
 *
 * csv-parse counts a CRLF that does not end a record (in a quoted cell, or in a file whose line
 * ending is LF or CR) as two lines; we count physical lines. A record's line is put on physical
 * lines from the byte offset csv-parse gives with it (`info.bytes`, after its line ending). A bad
 * record comes with no offset: its line is shifted by csv-parse's excess count at the records
 * before and after it, a range when a doubled CRLF lies between them.
 */
async function csvParseReading(bytes: Buffer): Promise<Expected> {
  type Read =
    { type: 'row'; line: number; excess: number; cells: string[] } | { type: 'skip'; line: number };
  const reads: Read[] = [];
  // With `info`, csv-parse hands on_record the record with its info, not the cells alone.
  const options: Options = {
    ...OPTIONS,
    on_record: (found, info) => {
      const lines = info.lines;
      // Its line ending's first byte, or its last byte at the end of the file.
      const delimiter = (parser.options as unknown as { record_delimiter: Buffer[] })
        .record_delimiter[0];
      const end = info.bytes;
      const delimited =
        delimiter !== undefined &&
        (end < bytes.length || bytes.subarray(end - delimiter.length, end).equals(delimiter));
      const line = physicalLine(bytes, delimited ? end - delimiter.length : end - 1);
      const { record: cells } = found as unknown as { record: string[] };
      reads.push({ type: 'row', line, excess: lines - line, cells });
      return found;
    },
    on_skip: (error: CsvError | undefined) => {
      reads.push({ type: 'skip', line: (error as CsvError & { lines: number }).lines });
      return undefined;
    },
  };
  const parser = parse(options);
  parser.end(bytes);
  for await (const _ of parser) void _;
  const finalExcess = parser.info.lines - physicalLine(bytes, bytes.length);

  const events: CsvEvent[] = [];
  const badLines: Array<[number, number]> = [];
  let columns: string[] | undefined;
  let excessBefore = 0;
  reads.forEach((read, index) => {
    if (read.type === 'skip') {
      const after = reads.slice(index + 1).find((next) => next.type === 'row');
      const excessAfter = after?.type === 'row' ? after.excess : finalExcess;
      badLines.push([read.line - excessAfter, read.line - excessBefore]);
      return;
    }
    excessBefore = read.excess;
    if (!columns) {
      columns = read.cells.map((name) => name.trim());
      events.push(header(...columns));
    } else if (read.cells.length !== columns.length) {
      badLines.push([read.line, read.line]);
    } else {
      const cells: Record<string, string> = {};
      columns.forEach((name, at) => (cells[name] = read.cells[at] as string));
      events.push(record(read.line, cells));
    }
  });
  return { events, badLines };
}

const plainText = fc.constantFrom('a', 'B', '7', ' ', '-', 'é', '✓', '😀', '\t', "'");
const quotedText = fc.constantFrom('a', ' ', 'é', '😀', ',', '""', '\n', '\r\n', '\r', "'");
const cell = fc.oneof(
  { weight: 5, arbitrary: fc.array(plainText, { maxLength: 4 }).map((parts) => parts.join('')) },
  {
    weight: 4,
    arbitrary: fc.array(quotedText, { maxLength: 4 }).map((parts) => `"${parts.join('')}"`),
  },
  // Malformed: a quote in an unquoted cell, a stray quote after a closing one, one never closed.
  { weight: 1, arbitrary: fc.constantFrom('a"b', 'ab"', '"a"b', '"a" ', '"a""', '"', '"a') },
);
const ending = fc.constantFrom('\n', '\r\n', '\r');

/** CSV texts: rows of 0 to 4 cells (0 is an empty line) with one line ending, now and then another. */
const structuredText = fc
  .record({
    bom: fc.boolean(),
    ending,
    rows: fc.array(
      fc.record({
        cells: fc.array(cell, { maxLength: 4 }),
        other: fc.option(ending, { freq: 8 }),
      }),
      { maxLength: 8 },
    ),
    trailing: fc.boolean(),
  })
  .map(({ bom, ending: fileEnding, rows, trailing }) => {
    const lines = rows.map(({ cells, other }, index) => {
      const end = index < rows.length - 1 || trailing ? (other ?? fileEnding) : '';
      return cells.join(',') + end;
    });
    return (bom ? '\uFEFF' : '') + lines.join('');
  });

/** Any mix of the characters that matter. */
const soupText = fc
  .array(fc.constantFrom('a', 'é', '😀', ' ', ',', '"', '""', '\r', '\n', '\r\n'), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));

describe('readCsv against csv-parse', () => {
  it('gives the same header, records, lines and lines reported bad, whatever the chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 3, arbitrary: structuredText }, { weight: 1, arbitrary: soupText }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (text, cuts) => {
          const bytes = Buffer.from(text);
          const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort(
            (x, y) => x - y,
          );
          const chunks = [0, ...at].map((from, index) =>
            bytes.subarray(from, at[index] ?? bytes.length),
          );
          const expected = await csvParseReading(bytes);

          const events = await read(...chunks.filter((chunk) => chunk.length > 0));

          expect(events.filter((event) => event.type !== 'bad-record')).toEqual(expected.events);
          const ours = new Set(
            events.flatMap((event) => (event.type === 'bad-record' ? [event.line] : [])),
          );
          for (const line of ours) {
            expect(expected.badLines.some(([low, high]) => low <= line && line <= high)).toBe(true);
          }
          for (const [low, high] of expected.badLines) {
            expect([...ours].some((line) => low <= line && line <= high)).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
