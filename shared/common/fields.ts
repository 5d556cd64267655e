import * as z from 'zod';
import { epochDayOfDate, isCalendarDate } from '../rules/calendar';

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
  const message = `${field} must be a calendar date written YYYYMMDD`;
  return z
    .string({ error: `${field} is required` })
    .length(8, { error: message, abort: true })
    .refine(isCalendarDate, { error: message });
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

/**
 * Upper bounds of request input: every string a caller sends has one, so an oversized value
 * is a 400 naming its field, never a DynamoDB key error (2,048-byte keys) or a 500 downstream.
 */
export const INPUT_LIMITS = {
  /** Ids and keys: account, run, rule, program prefix, trader. */
  id: 128,
  /** Names, titles, logins. */
  name: 200,
  /** RFC 5321's practical maximum. */
  email: 254,
  /** Cognito allows 256. */
  password: 256,
  /** JWTs and Cognito refresh tokens are a few KB. */
  token: 8_192,
  /** Search boxes and filter values. */
  search: 200,
  /** Descriptions, comments, messages. */
  text: 10_000,
  /** Items of one array in a body (phases, rules, instruments, tags). */
  arrayItems: 500,
  /** A request body, in bytes; larger is a 413 before any parsing. */
  bodyBytes: 256 * 1024,
} as const;

/**
 * Metadata key of a schema that takes free JSON but bounds it with its own walk (depth, sizes): the
 * input-bounds test accepts such a node, whose bounds JSON Schema cannot express.
 */
export const BOUNDED_JSON_META = 'x-bounded-json';

/** A string of at most `max` characters; the message names the field. */
export function boundedTextSchema(field: string, max: number = INPUT_LIMITS.text) {
  return z
    .string({ error: `${field} must be text` })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

/**
 * An id in a path, query or body: 1 to 128 characters, no control characters or slashes, so it is a
 * safe key part and a safe path segment. Validated before any database call.
 */
export function idSchema(field: string, max: number = INPUT_LIMITS.id) {
  return (
    z
      .string({ error: `${field} is required` })
      .trim()
      .min(1, { error: `${field} is required` })
      .max(max, { error: `${field} must be at most ${max} characters` })
      // eslint-disable-next-line no-control-regex -- refusing control characters is the point
      .regex(/^[^\u0000-\u001f\u007f/\\]+$/, {
        error: `${field} must not contain slashes or control characters`,
      })
  );
}

/** The first calendar date a request may name. */
export const EARLIEST_REQUEST_DATE = '20000101';
const DAY_MS = 86_400_000;

/** `YYYYMMDD` of a day `offsetDays` from today (UTC). */
function dateFromToday(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * A calendar date a caller names (`YYYYMMDD`): real, and inside a sane window from 2000-01-01 to a
 * year ahead, so `00000101` or `99991231` is a 400 and never a scan or a re-judgement of 20 days.
 */
export function requestDateSchema(field: string) {
  return calendarDateSchema(field).refine(
    (date) => {
      const day = epochDayOfDate(date);
      return (
        day >= epochDayOfDate(EARLIEST_REQUEST_DATE) && day <= epochDayOfDate(dateFromToday(366))
      );
    },
    { error: `${field} must be a date from 2000-01-01 to a year from today` },
  );
}

/** The longest URL a field keeps: what browsers and CloudFront handle comfortably. */
export const URL_MAX = 2_048;

/** The one message of a URL that does not parse. */
export const INVALID_URL_MESSAGE = 'Enter a valid URL';

/**
 * Whether a URL is one a browser may open as a page: `http:` or `https:` with a host. Every URL a
 * caller stores is shown as a link, so `javascript:`, `data:`, `vbscript:`, `file:` and the rest are
 * refused; the WHATWG parser lower-cases the scheme and drops tabs and newlines first,
 * so `JavaScript:` or `java\tscript:` are caught too.
 */
export function webUrlProblem(value: string): 'invalid' | 'scheme' | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  return url.hostname === '' ? 'invalid' : undefined;
}

/**
 * A URL field (a firm's or broker's website, a management `url`, a software `serverUrl`, a program's
 * purchase/reset/cancel URL): trimmed, at most 2,048 characters, `http`/`https` only; the message
 * names the field. `emptyAllowed` keeps an empty string as "no URL" for forms that send one.
 */
export function webUrlSchema(field: string, options: { emptyAllowed?: boolean } = {}) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(URL_MAX, { error: `${field} must be at most ${URL_MAX} characters` })
    .superRefine((value, context) => {
      if (value === '' && options.emptyAllowed) return;
      const problem = webUrlProblem(value);
      if (problem) {
        context.addIssue({
          code: 'custom',
          message:
            problem === 'scheme' ? `${field} must be an http or https URL` : INVALID_URL_MESSAGE,
        });
      }
    });
}
