import { z } from 'zod';
import { countSchema, isoTimestampSchema, queryParamSchema } from '../common/fields';
import {
  brokerSchemaFor,
  establishedYearSchema,
  numberOfEmployeesSchema,
  optionalTextSchema,
  optionalUrlSchema,
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

const requiredField = z
  .string({ error: FIRM_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: FIRM_REQUIRED_MESSAGE, abort: true });

/** The three key maps: the spec does not show their content, so their values are kept as they come. */
const keyMapSchema = z.record(z.string(), z.unknown()).default({});

/**
 * `POST /api/firms` and `PUT /api/firms/{id}` body (spec 001 §5), for a given current year. The
 * year is read at validation time, so a long-lived schema stays right across New Year.
 */
export function firmSaveBodySchemaFor(currentYear: () => number) {
  return z.object({
    id: requiredField.regex(FIRM_ID_PATTERN, {
      error: 'Firm ID can only contain letters, numbers, hyphens and underscores',
    }),
    name: requiredField,
    status: firmStatusSchema.default('active'),
    industry: requiredField,
    email: requiredField.pipe(z.email({ error: 'Enter a valid email address' })),
    establishedYear: establishedYearSchema(currentYear).optional(),
    numberOfEmployees: numberOfEmployeesSchema.optional(),
    revenue: revenueAmountSchema.optional(),
    address: optionalTextSchema,
    contactNumber: optionalTextSchema,
    website: optionalUrlSchema,
    notes: optionalTextSchema,
    brokers: z.array(brokerSchemaFor(currentYear)).default([]),
    managerSoftware: managerSoftwareListSchema.default([]),
    payoutKeys: keyMapSchema,
    stripeKeys: keyMapSchema,
    serverKeys: keyMapSchema,
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
  q: queryParamSchema(z.string({ error: 'q is required' }).min(1, { error: 'q is required' })),
});
export type FirmSearchQuery = z.infer<typeof firmSearchQuerySchema>;

/** `POST /api/firms` and `PUT /api/firms/{id}` answer. */
export const firmSaveResultSchema = z.object({ data: z.object({ id: z.string() }) });
export type FirmSaveResult = z.infer<typeof firmSaveResultSchema>;
