import { z } from 'zod';

/** Spec 001 §9: the broker names and management account types a firm may hold. */
export const brokerNameSchema = z.enum(['Rithmic', 'Ninja']);
export type BrokerName = z.infer<typeof brokerNameSchema>;

export const managementAccountTypeSchema = z.enum(['FCM', 'IB', 'FMC-TEST', 'IB-TEST', 'AMEMBER']);
export type ManagementAccountType = z.infer<typeof managementAccountTypeSchema>;

/** Optional form text: trimmed, and an empty input is no value. */
export const optionalTextSchema = z
  .string()
  .trim()
  .optional()
  .transform((text) => (text === '' ? undefined : text));

/** A URL-typed field (spec 001 §5) that may be left empty. */
export const optionalUrlSchema = z
  .string()
  .trim()
  .optional()
  .transform((text) => (text === '' ? undefined : text))
  .pipe(z.url({ error: 'Enter a valid URL' }).optional());

/** An email-typed field (spec 001 §5) that may be left empty. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .optional()
  .transform((text) => (text === '' ? undefined : text))
  .pipe(z.email({ error: 'Enter a valid email address' }).optional());

/** Established year: 1800 to the current year, read when the value is validated. */
export function establishedYearSchema(currentYear: () => number) {
  return z
    .number({ error: 'Established year must be a year' })
    .int({ error: 'Established year must be a year' })
    .min(1800, { error: 'Established year must be 1800 or later' })
    .refine((year) => year <= currentYear(), {
      error: () => `Established year must not be after ${currentYear()}`,
    });
}

export const numberOfEmployeesSchema = z
  .number({ error: 'Number of employees must be a number' })
  .int({ error: 'Number of employees must be a whole number' })
  .min(1, { error: 'Number of employees must be at least 1' });

/** Revenue in dollars, step 0.01. */
export const revenueAmountSchema = z
  .number({ error: 'Revenue must be a number' })
  .min(0, { error: 'Revenue must not be negative' })
  .refine(isWholeCent, { error: 'Revenue has at most two decimals' });

/** Whole cents, allowing for binary representation (0.29 * 100 is 28.999999999999996). */
function isWholeCent(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Spec 001 §3 "Management account" of a broker. */
export const managementAccountSchema = z.object({
  id: optionalTextSchema,
  accountNumber: optionalTextSchema,
  accountType: managementAccountTypeSchema.default('FCM'),
  description: optionalTextSchema,
  username: optionalTextSchema,
  password: optionalTextSchema,
  connection: optionalTextSchema,
  url: optionalUrlSchema,
});
export type ManagementAccount = z.infer<typeof managementAccountSchema>;
export type ManagementAccountInput = z.input<typeof managementAccountSchema>;

/** Spec 001 §3 "Broker" of a firm. */
export function brokerSchemaFor(currentYear: () => number) {
  return z.object({
    id: optionalTextSchema,
    name: brokerNameSchema.default('Rithmic'),
    address: optionalTextSchema,
    contactNumber: optionalTextSchema,
    email: optionalEmailSchema,
    website: optionalUrlSchema,
    establishedYear: establishedYearSchema(currentYear).optional(),
    numberOfEmployees: numberOfEmployeesSchema.optional(),
    revenue: revenueAmountSchema.optional(),
    industry: optionalTextSchema,
    mgrAccount: z.array(managementAccountSchema).default([]),
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
