import fc from 'fast-check';
import { csvCell, neutralizeCsvCell, toCsv } from '@shared/common/csv';

/** A minimal RFC 4180 reader, to check that what is written reads back cell by cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      at += 1;
    } else cell += char;
  }
  return rows;
}

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

describe('CSV formula neutralisation', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTR1', "'\tTR1"],
    ['\rTR1', "'\rTR1"],
    ['-', "'-"],
    ['--1', "'--1"],
    ['-1-1', "'-1-1"],
    ['- 5', "'- 5"],
    ['-12.50', '-12.50'],
    ['-0.5', '-0.5'],
    ['-1e-7', '-1e-7'],
    ['12.50', '12.50'],
    ['TR000001', 'TR000001'],
    ['', ''],
    [" '=already", " '=already"],
    [-100, '-100'],
    [3.25, '3.25'],
  ])('writes %j as %j', (value, written) => {
    expect(neutralizeCsvCell(value)).toBe(written);
  });

  it('never lets a text cell start with a formula character unless it is a plain number', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMULA_START), fc.string(), (start, rest) => {
        const written = neutralizeCsvCell(start + rest);
        const isNumber = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(start + rest);
        expect(isNumber ? written === start + rest : written === `'${start}${rest}`).toBe(true);
      }),
    );
  });

  it('leaves every finite number as JavaScript prints it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(neutralizeCsvCell(value)).toBe(String(value));
      }),
    );
  });

  it('changes no cell that does not start with a formula character', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !FORMULA_START.includes(text[0] ?? '')),
        (text) => expect(neutralizeCsvCell(text)).toBe(text),
      ),
    );
  });

  it('reads back every cell, neutralised, from the written table (quoting still RFC 4180)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 2, maxLength: 2 }), {
          maxLength: 5,
        }),
        (rows) => {
          const read = parseCsv(toCsv(['a', 'b'], rows));
          expect(read).toEqual([['a', 'b'], ...rows.map((row) => row.map(neutralizeCsvCell))]);
        },
      ),
    );
  });

  it('quotes a neutralised cell that needs quoting', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('\r')).toBe(`"'\r"`);
  });
});
