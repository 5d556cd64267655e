import * as z from 'zod';
import { BOUNDED_JSON_META, INPUT_LIMITS } from '../common/fields';

/**
 * Free-form values a caller sends (a rule's test parameters, a phase's parameter overrides, a rule's
 * default value): any JSON, but bounded, so a body cannot hold a 100,000-level nesting or a million
 * keys. The walk is iterative, so even a value nested deeper than the limit is refused with a 400,
 * never a stack overflow.
 */
export const JSON_LIMITS = { depth: 8 } as const;

function problemOf(value: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    const current = next.value;
    if (current === null || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return 'must be a finite number';
      continue;
    }
    if (typeof current === 'string') {
      if (current.length > INPUT_LIMITS.text)
        return `must hold text of at most ${INPUT_LIMITS.text} characters`;
      continue;
    }
    if (typeof current !== 'object') return 'must be JSON';
    if (next.depth >= JSON_LIMITS.depth)
      return `must be nested at most ${JSON_LIMITS.depth} levels deep`;
    const children = Array.isArray(current) ? current : Object.entries(current);
    if (children.length > INPUT_LIMITS.arrayItems)
      return `must hold at most ${INPUT_LIMITS.arrayItems} items`;
    for (const child of children) {
      if (Array.isArray(current)) {
        pending.push({ value: child, depth: next.depth + 1 });
        continue;
      }
      const [key, entry] = child as [string, unknown];
      if (key.length > INPUT_LIMITS.name)
        return `must have keys of at most ${INPUT_LIMITS.name} characters`;
      pending.push({ value: entry, depth: next.depth + 1 });
    }
  }
  return undefined;
}

/** A bounded JSON value; the message names the field. */
export function boundedJsonSchema(field: string) {
  return z
    .unknown()
    .superRefine((value, context) => {
      const problem = problemOf(value);
      if (problem) context.addIssue({ code: 'custom', message: `${field} ${problem}` });
    })
    .meta({ [BOUNDED_JSON_META]: true });
}

/** A map of names to bounded JSON values (parameters, overrides). */
export function boundedJsonRecordSchema(field: string) {
  return z
    .record(
      z.string().max(INPUT_LIMITS.name, {
        error: `${field} names must be at most ${INPUT_LIMITS.name} characters`,
      }),
      boundedJsonSchema(field),
      { error: `${field} must be an object` },
    )
    .refine((record) => Object.keys(record).length <= INPUT_LIMITS.arrayItems, {
      error: `${field} must hold at most ${INPUT_LIMITS.arrayItems} entries`,
    });
}
