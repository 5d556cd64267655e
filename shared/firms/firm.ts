import * as z from 'zod';
import { countSchema, INPUT_LIMITS, isoTimestampSchema, queryParamSchema } from '../common/fields';
import { boundedJsonRecordSchema } from '../programs/bounded-json';
import {
  brokerSchemaFor,
  establishedYearSchema,
  numberOfEmployeesSchema,
  optionalTextOf,
  optionalUrlOf,
  revenueAmountSchema,
  thisYear,
} from './broker';
import { managerSoftwareListSchema } from './manager-software';

export const firmStatusSchema = z.enum(['active', 'inactive', 'suspended']);
export type FirmStatus = z.infer<typeof firmStatusSchema>;

/** Spec 001 §5: the one message of a firm saved without id, name, email or industry. */
export const FIRM_REQUIRED_MESSAGE = 'Please fill in all required fields';

/**
 * The firm id is chosen on create and names the firm's pages (`/firms/{id}`), so it holds only
 * letters, digits, dashes and underscores: a dot would end the path like a file name.
 */
const FIRM_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

function requiredField(field: string, max: number) {
  return z
    .string({ error: FIRM_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: FIRM_REQUIRED_MESSAGE, abort: true })
    .max(max, { error: `${field} must be at most ${max} characters`, abort: true });
}

/**
 * The three key maps: the spec does not show their content, so their values are kept as they come,
 * as bounded JSON.
 */
const keyMapSchema = (field: string) => boundedJsonRecordSchema(field).default({});

/**
 * `POST /api/firms` and `PUT /api/firms/{id}` body (spec 001 §5), for a given current year. The
 * year is read at validation time, so a long-lived schema stays right across New Year.
 */
export function firmSaveBodySchemaFor(currentYear: () => number) {
  return z.strictObject({
    id: requiredField('Firm ID', INPUT_LIMITS.id).regex(FIRM_ID_PATTERN, {
      error: 'Firm ID can only contain letters, numbers, hyphens and underscores',
    }),
    name: requiredField('Firm name', INPUT_LIMITS.name),
    status: z
      .enum(firmStatusSchema.options, {
        error: `Status must be one of ${firmStatusSchema.options.join(', ')}`,
      })
      .default('active'),
    industry: requiredField('Industry', INPUT_LIMITS.name),
    email: requiredField('Email', INPUT_LIMITS.email).pipe(
      z.email({ error: 'Enter a valid email address' }),
    ),
    establishedYear: establishedYearSchema(currentYear).optional(),
    numberOfEmployees: numberOfEmployeesSchema.optional(),
    revenue: revenueAmountSchema.optional(),
    address: optionalTextOf('Address'),
    contactNumber: optionalTextOf('Contact number', INPUT_LIMITS.name),
    website: optionalUrlOf('Website'),
    notes: optionalTextOf('Notes'),
    brokers: z
      .array(brokerSchemaFor(currentYear), { error: 'Brokers must be a list' })
      .max(INPUT_LIMITS.arrayItems, {
        error: `A firm holds at most ${INPUT_LIMITS.arrayItems} brokers`,
      })
      .default([]),
    managerSoftware: managerSoftwareListSchema.default([]),
    payoutKeys: keyMapSchema('Payout keys'),
    stripeKeys: keyMapSchema('Stripe keys'),
    serverKeys: keyMapSchema('Server keys'),
  });
}

export const firmSaveBodySchema = firmSaveBodySchemaFor(thisYear);
export type FirmSaveBody = z.infer<typeof firmSaveBodySchema>;
export type FirmSaveBodyInput = z.input<typeof firmSaveBodySchema>;

/** A stored firm (spec 001 §3): the saved body plus its times. */
export const firmSchema = firmSaveBodySchema.extend({
  createdAt: isoTimestampSchema.optional(),
  updatedAt: isoTimestampSchema.optional(),
});
export type Firm = z.infer<typeof firmSchema>;

/** `GET /api/firms/stats` data. */
export const firmStatsSchema = z.object({
  total: countSchema,
  active: countSchema,
  inactive: countSchema,
  suspended: countSchema,
});
export type FirmStats = z.infer<typeof firmStatsSchema>;

/** `GET /api/firms?status=` query; `all` (or nothing) lists every status. */
export const firmListQuerySchema = z.object({
  status: queryParamSchema(
    z
      .enum(['all', ...firmStatusSchema.options])
      .optional()
      .transform((status) => (status === 'all' ? undefined : status)),
  ),
});
export type FirmListQuery = z.infer<typeof firmListQuerySchema>;

/** `GET /api/firms/search?q=` query. */
export const firmSearchQuerySchema = z.object({
  q: queryParamSchema(
    z
      .string({ error: 'q is required' })
      .min(1, { error: 'q is required' })
      .max(INPUT_LIMITS.search, { error: `q must be at most ${INPUT_LIMITS.search} characters` }),
  ),
});
export type FirmSearchQuery = z.infer<typeof firmSearchQuerySchema>;

/** `POST /api/firms` and `PUT /api/firms/{id}` answer. */
export const firmSaveResultSchema = z.object({ data: z.object({ id: z.string() }) });
export type FirmSaveResult = z.infer<typeof firmSaveResultSchema>;
