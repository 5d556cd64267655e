import { INVALID_CURSOR, decodeCursor, encodeCursor, type Page } from './db/paging';
import { ValidationError } from './errors';

/*
 * A page of rows a handler sorted itself (an order no key gives): the cursor is the offset of the
 * next row in that order, base64url like the key cursors; anything else is a 400 naming `cursor`.
 */

/** The offset a cursor of `pageOfSorted` names (0 without one). */
export function offsetOfCursor(cursor: string | undefined): number {
  const key = decodeCursor(cursor);
  if (key === undefined) return 0;
  const offset = key.offset;
  if (
    Object.keys(key).length !== 1 ||
    typeof offset !== 'number' ||
    !Number.isSafeInteger(offset) ||
    offset < 0
  ) {
    throw new ValidationError(INVALID_CURSOR, [{ field: 'cursor', message: INVALID_CURSOR }]);
  }
  return offset;
}

/** The page of `rows` (already in order) that `cursor` starts, `limit` rows long. */
export function pageOfSorted<T>(
  rows: readonly T[],
  limit: number,
  cursor: string | undefined,
): Page<T> {
  const offset = offsetOfCursor(cursor);
  const next = offset + limit;
  return {
    items: rows.slice(offset, next),
    ...(next < rows.length && { nextCursor: encodeCursor({ offset: next }) }),
  };
}

/**
 * A comparator on one value, missing values last in either direction, ties broken by `tie` (an id,
 * so pages of the same order never overlap or skip).
 */
export function compareOn<T>(
  valueOf: (row: T) => string | number | null | undefined,
  desc: boolean,
  tie: (left: T, right: T) => number,
): (left: T, right: T) => number {
  return (left, right) => {
    const a = valueOf(left);
    const b = valueOf(right);
    const aMissing = a === undefined || a === null;
    const bMissing = b === undefined || b === null;
    if (aMissing || bMissing) {
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
      return tie(left, right);
    }
    if (a === b) return tie(left, right);
    const order = a < b ? -1 : 1;
    return desc ? -order : order;
  };
}
