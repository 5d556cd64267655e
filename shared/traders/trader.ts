import * as z from 'zod';
import { isoTimestampSchema } from '../common/fields';

/**
 * Spec 000 §3 trader status: enabled, disabled or any other word the broker sends (shown red). The
 * known values are exported for the badges; the schema takes any non-empty word.
 */
export const TRADER_STATUSES = ['enabled', 'disabled'] as const;
export const knownTraderStatusSchema = z.enum(TRADER_STATUSES);
export type KnownTraderStatus = z.infer<typeof knownTraderStatusSchema>;
export const traderStatusSchema = z.string().trim().min(1);
export type TraderStatus = z.infer<typeof traderStatusSchema>;

export const traderBrokerSchema = z.object({ name: z.string(), userId: z.string() });
export type TraderBroker = z.infer<typeof traderBrokerSchema>;

export const traderAddressSchema = z.object({
  street1: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string().optional(),
  country: z.string().optional(),
});
export type TraderAddress = z.infer<typeof traderAddressSchema>;

/** Phone numbers by kind (spec 000 §3: mobile, work, home). */
export const phoneKindSchema = z.enum(['mobile', 'work', 'home']);
export type PhoneKind = z.infer<typeof phoneKindSchema>;
export const traderPhonesSchema = z.partialRecord(phoneKindSchema, z.string());
export type TraderPhones = z.infer<typeof traderPhonesSchema>;

/** Login Info of the trader summary page: first, last, expiry and last IP. */
export const traderLoginInfoSchema = z.object({
  first: isoTimestampSchema.optional(),
  last: isoTimestampSchema.optional(),
  expiry: isoTimestampSchema.optional(),
  lastIp: z.string().optional(),
});
export type TraderLoginInfo = z.infer<typeof traderLoginInfoSchema>;

/**
 * The trader's record in the membership system, when there is one (spec 000 §3 `amember`). The
 * dashboard shows the password only as bullets; it is stored because staff hand it to the trader.
 */
export const amemberRecordSchema = z.object({
  street: z.string().optional(),
  street2: z.string().optional(),
  city: z.string().optional(),
  zip: z.string().optional(),
  country: z.string().optional(),
  phone: z.string().optional(),
  rithmic_user_id: z.string().optional(),
  rithmic_passwd: z.string().optional(),
});
export type AmemberRecord = z.infer<typeof amemberRecordSchema>;

/** Spec 000 §3 trader, with the broker's `traders.csv` columns and the optional membership record. */
export const traderSchema = z.object({
  traderId: z.string().trim().min(1),
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  username: z.string().optional(),
  email: z.string().trim().min(1),
  phoneNumber: z.string().optional(),
  status: traderStatusSchema.optional(),
  tradingStatus: z.string().optional(),
  lastAppUsed: z.string().optional(),
  stripeId: z.string().optional(),
  /** The broker's user id of the trader: the trader-side dashboard link uses it. */
  rithmicUserId: z.string().optional(),
  accounts: z.array(z.string()).default([]),
  brokers: z.array(traderBrokerSchema).default([]),
  fingerprints: z.array(z.string()).default([]),
  ipAddresses: z.array(z.string()).default([]),
  address: traderAddressSchema.optional(),
  phone: traderPhonesSchema.default({}),
  loginInfo: traderLoginInfoSchema.optional(),
  /** When the broker last changed the file the trader came from. */
  fileModifiedDate: isoTimestampSchema.optional(),
  amember: amemberRecordSchema.optional(),
  createdAt: isoTimestampSchema.optional(),
  updatedAt: isoTimestampSchema.optional(),
});
export type Trader = z.infer<typeof traderSchema>;
export type TraderInput = z.input<typeof traderSchema>;
