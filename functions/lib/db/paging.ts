import * as z from 'zod';
import { ValidationError } from '../errors';
import type { Item } from './item';

/**
 * Opaque cursors for paged reads: the query's LastEvaluatedKey as base64url JSON. Clients hand them
 * back unchanged; a cursor that does not decode to a key is the caller's mistake (400), not a 500.
 */
export const INVALID_CURSOR = 'The cursor is not valid';

const keySchema = z.record(z.string(), z.union([z.string(), z.number()]));

export function encodeCursor(key: Item | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : undefined;
}

export function decodeCursor(cursor: string | undefined): Item | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    return keySchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new ValidationError(INVALID_CURSOR, [{ field: 'cursor', message: INVALID_CURSOR }]);
  }
}

export interface Page<T> {
  items: T[];
  /** Absent on the last page. */
  nextCursor?: string;
}
