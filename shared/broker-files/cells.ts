import * as z from 'zod';
import { INPUT_LIMITS } from '../common/fields';
import { isCalendarDate } from '../rules/calendar';

/**
 * Cell schemas of the broker report files (contracts/broker-files.md). A CSV cell is text: these turn
 * it into the value it stands for, and every message names its column so a rejected row's reason
 * says where it went wrong. An empty cell (or a column absent from the header) is a missing value.
 */

/** How one cell's text becomes a value; the column name goes into the messages. */
export type CellParser<T> = (column: string) => z.ZodType<T, string>;

const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
const INTEGER = /^-?\d+$/;

export const text: CellParser<string> = () => z.string();

/**
 * Bounds of the cells that form a key (contracts/broker-files.md, "Rules of ingestion"): an id is
 * 1–128 characters (INPUT_LIMITS.id, the API's path id bound) from a set that is safe in a DynamoDB
 * key and an API path segment; a symbol is 1–64 characters without control characters or `#` (the
 * key separator). Either fits in a sort key (1,024 bytes) with the rest of its key.
 */
export const ID_MAX_LENGTH = INPUT_LIMITS.id;
export const ID_CHARACTERS = /^[A-Za-z0-9._:@+-]+$/;
export const SYMBOL_MAX_LENGTH = 64;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const SYMBOL_CHARACTERS = /^[^\u0000-\u001f\u007f#]+$/;

/** An identifier cell (traderId, accountId, Account, FillId…): a key part and an API path segment. */
export const identifier: CellParser<string> = (column) =>
  z
    .string()
    .max(ID_MAX_LENGTH, { error: `${column} must be at most ${ID_MAX_LENGTH} characters` })
    .regex(ID_CHARACTERS, {
      error: `${column} may hold only letters, digits and . _ : @ + -`,
    });

/** A symbol cell (daily-symbols' key part). */
export const symbol: CellParser<string> = (column) =>
  z
    .string()
    .max(SYMBOL_MAX_LENGTH, {
      error: `${column} must be at most ${SYMBOL_MAX_LENGTH} characters`,
    })
    .regex(SYMBOL_CHARACTERS, { error: `${column} must not contain # or control characters` });

/** Decimal dollars (`-1234.50`). */
export const money: CellParser<number> = (column) =>
  z
    .string()
    .regex(DECIMAL, { error: `${column} must be an amount in dollars, like -1234.50` })
    .transform(Number);

/** A decimal number (prices, durations). */
export const decimal: CellParser<number> = (column) =>
  z
    .string()
    .regex(DECIMAL, { error: `${column} must be a decimal number` })
    .transform(Number);

/** A percentage, 0 to 100 (55.5 is 55.5%). */
export const percentage: CellParser<number> = (column) =>
  decimal(column).pipe(
    z
      .number()
      .min(0, { error: `${column} must be a percentage from 0 to 100` })
      .max(100, { error: `${column} must be a percentage from 0 to 100` }),
  );

/** A whole number, possibly negative (net quantities). */
export const integer: CellParser<number> = (column) =>
  z
    .string()
    .regex(INTEGER, { error: `${column} must be a whole number` })
    .transform(Number);

/** A count: a whole number of at least 0. */
export const count: CellParser<number> = (column) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${column} must be a whole number of at least 0` })
    .transform(Number);

/** A size: a whole number of at least 1. */
export const size: CellParser<number> = (column) =>
  count(column).pipe(z.number().min(1, { error: `${column} must be at least 1` }));

/** Integer cents (revenue). */
export const cents: CellParser<number> = (column) =>
  z
    .string()
    .regex(INTEGER, { error: `${column} must be whole cents` })
    .transform(Number);

/** A calendar date written `YYYYMMDD`. */
export const date: CellParser<string> = (column) =>
  z.string().refine(isCalendarDate, {
    error: `${column} must be a calendar date written YYYYMMDD`,
  });

/** An instant, ISO 8601 with an offset or `Z` (`2026-03-02T14:31:05.123-06:00`). */
export const instant: CellParser<string> = (column) =>
  z.iso.datetime({ offset: true, error: `${column} must be an ISO 8601 time with an offset` });

/** One of a fixed set of words. */
export function oneOf<const T extends readonly string[]>(values: T): CellParser<T[number]> {
  return (column) =>
    z.string().pipe(z.enum(values, { error: `${column} must be one of ${values.join(', ')}` }));
}

/** Trims the cell; an empty cell is a missing value. */
function blankToMissing(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A cell the row cannot do without (bold in the contract). */
export function required<T>(column: string, parser: CellParser<T>) {
  return z.preprocess(
    blankToMissing,
    z.string({ error: `${column} is required` }).pipe(parser(column)),
  );
}

/** A cell that may be empty. */
export function optional<T>(column: string, parser: CellParser<T>) {
  return z.preprocess(blankToMissing, parser(column).optional());
}
