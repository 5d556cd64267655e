const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * A record longer than this (in UTF-16 code units, cells together) is reported, not kept: a quote
 * never closed early in a large file would otherwise hold the rest of the file in memory. Broker
 * rows are a few hundred characters.
 */
export const MAX_RECORD_CHARS = 1_000_000;

export type CsvToken =
  /** `line`: the line the record ends on (where its line ending starts), the first line being 1. */
  | { type: 'row'; line: number; cells: string[] }
  | { type: 'bad-record'; line: number; reason: string };

function isSpecial(code: number): boolean {
  return code === COMMA || code === QUOTE || code === CR || code === LF;
}

/**
 * RFC 4180 records out of text that arrives in pieces (`push`, then `end`); a piece may end anywhere,
 * what it cannot decide yet (a quote or a CR at its end) is held for the next. No I/O: the stream and
 * the UTF-8 decoding are `readCsv`'s.
 *
 * It reads as csv-parse did with the options the sync used (bom, relax_column_count,
 * skip_empty_lines, skip_records_with_error); csv-parse is the test oracle:
 * - the first line ending outside quotes (CRLF, LF or CR) is the file's; a line break of another kind
 *   outside quotes is cell text;
 * - an empty line is skipped (a line holding `""` is a record of one empty cell);
 * - a quote inside an unquoted cell, or a quote in a quoted cell neither doubled nor followed by a
 *   comma, the line ending or the end of the file, makes the record bad; the quote is read as text and
 *   a quoted cell stays open after it, so a later `",` still closes it;
 * - a quoted cell still open at the end of the file makes its record bad.
 * Where it departs from csv-parse, on purpose:
 * - lines are physical lines, a CRLF one line break wherever it is (csv-parse counts a CRLF that does
 *   not end a record, inside a quoted cell say, as two lines);
 * - a record with stray quotes is reported once for each line they are on, not once for each quote;
 * - a record longer than MAX_RECORD_CHARS is reported as bad (csv-parse keeps any length);
 * - the text is UTF-8 (csv-parse would switch to UTF-16 on a UTF-16 BOM).
 */
export class CsvTokenizer {
  /** Text held back until the next piece decides it: at most a quote and a CR. */
  private held = '';
  /** The file's line ending, once one is met outside quotes. */
  private lineEnding = '';
  /** The physical line of the next character; a CR counts where it is, the LF after it does not. */
  private line = 1;
  private lastChar = -1;
  private mode: 'cell-start' | 'unquoted' | 'quoted' = 'cell-start';
  private cells: string[] = [];
  private cell = '';
  /** Cells ended in this record (`cells` is dropped once the record is too long). */
  private cellCount = 0;
  private chars = 0;
  private tooLong = false;
  private bad = false;
  private strayQuoteLine = 0;
  private quoteLine = 0;
  private tokens: CsvToken[] = [];

  push(text: string): CsvToken[] {
    return this.read(this.held + text, false);
  }

  end(text = ''): CsvToken[] {
    return this.read(this.held + text, true);
  }

  private read(text: string, atEnd: boolean): CsvToken[] {
    this.held = '';
    let at = 0;
    while (at < text.length) {
      const next =
        this.mode === 'quoted'
          ? this.readQuoted(text, at, atEnd)
          : this.readUnquoted(text, at, atEnd);
      if (next < 0) {
        this.held = text.slice(at);
        break;
      }
      at = next;
    }
    if (atEnd) this.finish();
    return this.tokens.splice(0);
  }

  /** Reads from `at` (not in a quoted cell); the position after what it read, or -1 for more text. */
  private readUnquoted(text: string, at: number, atEnd: boolean): number {
    const code = text.charCodeAt(at);
    if (code === COMMA) {
      this.count(text, at, at + 1);
      this.endCell();
      return at + 1;
    }
    if (code === QUOTE) {
      if (this.mode === 'cell-start') {
        this.quoteLine = this.line;
        this.count(text, at, at + 1);
        this.mode = 'quoted';
      } else {
        this.strayQuote(
          `Quote inside unquoted cell ${this.cellCount + 1}: a cell with quotes must be quoted and its quotes doubled`,
        );
        this.append(text, at, at + 1);
      }
      return at + 1;
    }
    if (code === CR || code === LF) {
      const ending = this.lineEndingAt(text, at, atEnd);
      if (ending < 0) return -1;
      if (ending > 0) {
        // An empty line (nothing read since the last line ending) is skipped.
        if (this.mode === 'unquoted' || this.cellCount > 0) {
          this.endCell();
          this.endRecord(this.lineOf(code));
        }
        this.count(text, at, at + ending);
        return at + ending;
      }
    }
    let stop = at + 1;
    while (stop < text.length && !isSpecial(text.charCodeAt(stop))) stop += 1;
    this.append(text, at, stop);
    this.mode = 'unquoted';
    return stop;
  }

  /** Reads from `at` inside a quoted cell; the position after what it read, or -1 for more text. */
  private readQuoted(text: string, at: number, atEnd: boolean): number {
    const quote = text.indexOf('"', at);
    if (quote !== at) {
      const stop = quote < 0 ? text.length : quote;
      this.append(text, at, stop);
      return stop;
    }
    if (at + 1 === text.length) {
      if (!atEnd) return -1;
      this.count(text, at, at + 1);
      this.endCell();
      this.endRecord(this.lineOf(QUOTE));
      return at + 1;
    }
    const next = text.charCodeAt(at + 1);
    if (next === QUOTE) {
      this.count(text, at, at + 1);
      this.append(text, at + 1, at + 2);
      return at + 2;
    }
    if (next === COMMA) {
      this.count(text, at, at + 2);
      this.endCell();
      return at + 2;
    }
    const ending = this.lineEndingAt(text, at + 1, atEnd);
    if (ending < 0) return -1;
    if (ending > 0) {
      this.count(text, at, at + 1);
      this.endCell();
      this.endRecord(this.lineOf(next));
      this.count(text, at + 1, at + 1 + ending);
      return at + 1 + ending;
    }
    this.strayQuote(
      `Quote in quoted cell ${this.cellCount + 1} neither doubled nor followed by a comma or the line's end`,
    );
    this.append(text, at, at + 1);
    return at + 1;
  }

  /**
   * The length of the file's line ending at `at` (0 if there is none there, -1 if the text ends
   * before that is known); the first CR or LF met here sets the file's line ending.
   */
  private lineEndingAt(text: string, at: number, atEnd: boolean): number {
    const code = text.charCodeAt(at);
    if (code !== CR && code !== LF) return 0;
    if (this.lineEnding === '') {
      if (code === CR && at + 1 === text.length && !atEnd) return -1;
      this.lineEnding = code === LF ? '\n' : text.charCodeAt(at + 1) === LF ? '\r\n' : '\r';
      return this.lineEnding.length;
    }
    if (this.lineEnding === '\r\n') {
      if (code !== CR) return 0;
      if (at + 1 === text.length) return atEnd ? 0 : -1;
      return text.charCodeAt(at + 1) === LF ? 2 : 0;
    }
    return text[at] === this.lineEnding ? 1 : 0;
  }

  /** The line of the next character, `code`: the LF of a CRLF is on its CR's line. */
  private lineOf(code: number): number {
    return code === LF && this.lastChar === CR ? this.line - 1 : this.line;
  }

  private count(text: string, from: number, to: number): void {
    for (let at = from; at < to; at += 1) {
      const code = text.charCodeAt(at);
      if (code === CR || (code === LF && this.lastChar !== CR)) this.line += 1;
      this.lastChar = code;
    }
  }

  private append(text: string, from: number, to: number): void {
    this.count(text, from, to);
    if (this.tooLong) return;
    this.chars += to - from;
    if (this.chars > MAX_RECORD_CHARS) {
      this.tooLong = true;
      this.cells = [];
      this.cell = '';
      return;
    }
    this.cell += text.slice(from, to);
  }

  private strayQuote(reason: string): void {
    this.bad = true;
    if (this.strayQuoteLine === this.line) return;
    this.strayQuoteLine = this.line;
    this.tokens.push({ type: 'bad-record', line: this.line, reason });
  }

  private endCell(): void {
    if (!this.tooLong) this.cells.push(this.cell);
    this.cell = '';
    this.cellCount += 1;
    this.mode = 'cell-start';
  }

  private endRecord(line: number): void {
    if (this.tooLong && !this.bad) {
      this.tokens.push({
        type: 'bad-record',
        line,
        reason: `Record longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`,
      });
    } else if (!this.bad) {
      this.tokens.push({ type: 'row', line, cells: this.cells });
    }
    this.cells = [];
    this.cell = '';
    this.cellCount = 0;
    this.chars = 0;
    this.tooLong = false;
    this.bad = false;
    this.strayQuoteLine = 0;
    this.mode = 'cell-start';
  }

  private finish(): void {
    // The line of the last character read.
    const line = this.lastChar === CR || this.lastChar === LF ? this.line - 1 : this.line;
    if (this.mode === 'quoted') {
      this.tokens.push({
        type: 'bad-record',
        line,
        reason: `Unclosed quote starting on line ${this.quoteLine} (cell ${this.cellCount + 1}): the rest of the file was read into that cell`,
      });
      this.bad = true;
      this.endRecord(line);
    } else if (this.mode === 'unquoted' || this.cellCount > 0) {
      this.endCell();
      this.endRecord(line);
    }
  }
}
