import * as z from 'zod';
import { INPUT_LIMITS, URL_MAX, webUrlSchema } from '../common/fields';

/** Spec 001 §9: the broker names and management account types a firm may hold. */
export const brokerNameSchema = z.enum(['Rithmic', 'Ninja']);
export type BrokerName = z.infer<typeof brokerNameSchema>;

export const managementAccountTypeSchema = z.enum(['FCM', 'IB', 'FMC-TEST', 'IB-TEST', 'AMEMBER']);
export type ManagementAccountType = z.infer<typeof managementAccountTypeSchema>;

/**
 * Optional form text of at most `max` characters (the message names the field): trimmed, and an
 * empty input is no value.
 */
export function optionalTextOf(field: string, max: number = INPUT_LIMITS.text) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .optional()
    .transform((text) => (text === '' ? undefined : text));
}

/** Optional form text: trimmed, and an empty input is no value. */
export const optionalTextSchema = optionalTextOf('Text');

/** A URL-typed field (spec 001 §5) that may be left empty: http or https only. */
export function optionalUrlOf(field: string) {
  return optionalTextOf(field, URL_MAX).pipe(webUrlSchema(field).optional());
}
export const optionalUrlSchema = optionalUrlOf('URL');

/** An email-typed field (spec 001 §5) that may be left empty. */
export function optionalEmailOf(field: string) {
  return optionalTextOf(field, INPUT_LIMITS.email).pipe(
    z.email({ error: 'Enter a valid email address' }).optional(),
  );
}
export const optionalEmailSchema = optionalEmailOf('Email');

/** Established year: 1800 to the current year, read when the value is validated. */
export function establishedYearSchema(currentYear: () => number) {
  return (
    z
      .number({ error: 'Established year must be a year' })
      .int({ error: 'Established year must be a year' })
      .min(1800, { error: 'Established year must be 1800 or later' })
      // The current year is checked below when the value is validated; this bound only keeps the
      // schema's range finite for tooling that reads it statically.
      .max(9999, { error: 'Established year must be a year' })
      .refine((year) => year <= currentYear(), {
        error: () => `Established year must not be after ${currentYear()}`,
      })
  );
}

export const numberOfEmployeesSchema = z
  .number({ error: 'Number of employees must be a number' })
  .int({ error: 'Number of employees must be a whole number' })
  .min(1, { error: 'Number of employees must be at least 1' })
  .max(10_000_000, { error: 'Number of employees must be at most 10,000,000' });

/** Revenue in dollars, step 0.01. */
export const revenueAmountSchema = z
  .number({ error: 'Revenue must be a number' })
  .min(0, { error: 'Revenue must not be negative' })
  .max(1e13, { error: 'Revenue must be at most 10,000,000,000,000' })
  .refine(isWholeCent, { error: 'Revenue has at most two decimals' });

/** Whole cents, allowing for binary representation (0.29 * 100 is 28.999999999999996). */
function isWholeCent(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Spec 001 §3 "Management account" of a broker. */
export const managementAccountSchema = z.strictObject({
  id: optionalTextOf('Management account id', INPUT_LIMITS.id),
  accountNumber: optionalTextOf('Account number', INPUT_LIMITS.name),
  accountType: z
    .enum(managementAccountTypeSchema.options, {
      error: `Account type must be one of ${managementAccountTypeSchema.options.join(', ')}`,
    })
    .default('FCM'),
  description: optionalTextOf('Description'),
  username: optionalTextOf('Username', INPUT_LIMITS.name),
  // Kept for staff, masked on screen, never in list answers or logs (decision 31).
  password: optionalTextOf('Password', INPUT_LIMITS.password),
  connection: optionalTextOf('Connection', INPUT_LIMITS.name),
  url: optionalUrlOf('URL'),
});
export type ManagementAccount = z.infer<typeof managementAccountSchema>;
export type ManagementAccountInput = z.input<typeof managementAccountSchema>;

/** Spec 001 §3 "Broker" of a firm. */
export function brokerSchemaFor(currentYear: () => number) {
  return z.strictObject({
    id: optionalTextOf('Broker id', INPUT_LIMITS.id),
    name: z
      .enum(brokerNameSchema.options, {
        error: `Broker name must be one of ${brokerNameSchema.options.join(', ')}`,
      })
      .default('Rithmic'),
    address: optionalTextOf('Address', INPUT_LIMITS.text),
    contactNumber: optionalTextOf('Contact number', INPUT_LIMITS.name),
    email: optionalEmailOf('Email'),
    website: optionalUrlOf('Website'),
    establishedYear: establishedYearSchema(currentYear).optional(),
    numberOfEmployees: numberOfEmployeesSchema.optional(),
    revenue: revenueAmountSchema.optional(),
    industry: optionalTextOf('Industry', INPUT_LIMITS.name),
    mgrAccount: z
      .array(managementAccountSchema, { error: 'Management accounts must be a list' })
      .max(INPUT_LIMITS.arrayItems, {
        error: `A broker holds at most ${INPUT_LIMITS.arrayItems} management accounts`,
      })
      .default([]),
  });
}

export const thisYear = (): number => new Date().getFullYear();

export const brokerSchema = brokerSchemaFor(thisYear);
export type Broker = z.infer<typeof brokerSchema>;
export type BrokerInput = z.input<typeof brokerSchema>;

/** A new broker in the firm form (spec 001 §5): Rithmic, this year, one employee, no revenue. */
export function createNewBroker(currentYear: number = thisYear()): BrokerInput {
  return {
    name: 'Rithmic',
    establishedYear: currentYear,
    numberOfEmployees: 1,
    revenue: 0,
    mgrAccount: [],
  };
}

/** A new management account in the firm form: type FCM. */
export function createNewManagementAccount(): ManagementAccountInput {
  return { accountType: 'FCM' };
}
