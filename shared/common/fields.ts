import { z } from 'zod';
import { isCalendarDate } from '../rules/calendar';

/**
 * Field schemas every entity area shares, so one date or timestamp means the same thing in every
 * schema: calendar dates are `YYYYMMDD` (the broker files' and the table keys' grammar), instants are
 * ISO 8601 with an offset.
 */

/** An instant written ISO 8601 with an offset or `Z` (`2026-03-02T14:31:05.123-06:00`). */
export const isoTimestampSchema = z.iso.datetime({
  offset: true,
  error: 'Must be an ISO 8601 time with an offset',
});

/** A calendar date written `YYYYMMDD`; the message names the field, for query strings and forms. */
export function calendarDateSchema(field: string) {
  return z
    .string({ error: `${field} is required` })
    .refine(isCalendarDate, { error: `${field} must be a calendar date written YYYYMMDD` });
}

/** Trimmed text that must not be empty; one message for missing and blank. */
export function requiredTextSchema(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** Money in integer cents (revenue). */
export const centsSchema = z.number().int();
/** A count of things: a non-negative whole number. */
export const countSchema = z.number().int().min(0);

/**
 * A query-string value: trimmed, and a blank value counts as absent, so `?instrument=` filters
 * nothing (spec 001 §5: audit filters are trimmed).
 */
export function queryParamSchema<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }, schema);
}

/**
 * `{ success, message?, error? }`: the answer of the action calls (account refresh, add comment,
 * performance regenerate, create membership user).
 */
export const actionResultSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type ActionResult = z.infer<typeof actionResultSchema>;
