import * as z from 'zod';
import { isKnownTimeZone } from './time-zones';
import { isCalendarDate } from './calendar';

/**
 * Parameters of each rule category, with the bounds of spec 001 §5 and the extra parameters the rules
 * contract adds (`lockOffset`, `kind`, `maxDailyLoss`, `maxInactiveDays`). The rules screens build their
 * forms on these schemas; the engine parses a rule's merged parameters with them before compiling it.
 */

/** Spec 001 §3: instrument types of an instrument entry. */
export const instrumentTypeSchema = z.enum([
  'future',
  'stock',
  'option',
  'currency',
  'commodity',
  'index',
  'crypto',
]);

const isWholeTenth = (value: number): boolean =>
  Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
const isWholeCent = (value: number): boolean =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const symbolSchema = z
  .string()
  .trim()
  .min(1, { error: 'Symbol is required' })
  .transform((symbol) => symbol.toUpperCase());

/** How nested objects treat a key they do not take. */
type NestedKeys = 'strip' | 'strict';

const nestedObject = <Shape extends z.ZodRawShape>(keys: NestedKeys, shape: Shape) =>
  keys === 'strict' ? z.strictObject(shape) : z.object(shape);

/**
 * Spec 001 §3 instrument entry. A bare symbol is accepted as shorthand for an allowed standard
 * contract. `allowed: false` lists an instrument without allowing it.
 */
function instrumentEntryOf(keys: NestedKeys) {
  return z.union([
    symbolSchema.transform((symbol) => ({
      symbol,
      instrumentType: 'future' as const,
      positionFactor: 1,
      allowed: true,
    })),
    nestedObject(keys, {
      symbol: symbolSchema,
      description: z.string().optional(),
      instrumentType: instrumentTypeSchema.default('future'),
      positionFactor: z
        .number()
        .min(0.1, { error: 'Position factor is at least 0.1' })
        .refine(isWholeTenth, { error: 'Position factor goes in steps of 0.1' })
        .default(1),
      allowed: z.boolean().default(true),
    }),
  ]);
}
export const instrumentEntrySchema = instrumentEntryOf('strip');
export type InstrumentEntry = z.infer<typeof instrumentEntrySchema>;

/** `HH:MM`, 24-hour clock. */
export const clockTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Time must be HH:MM (24h)' });

/** An IANA zone (`America/Chicago`) or a named news zone (`Eastern`, `Central`, ...). */
export const timeZoneNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Time zone is required' })
  .refine(isKnownTimeZone, { error: 'Unknown time zone' });

/** Spec 001 §3: news time zones, default Eastern. */
export const newsTimeZoneSchema = z.enum(['Eastern', 'Central', 'Mountain', 'Pacific', 'UTC']);

/** A scheduled news release; `instruments` empty means it covers every instrument. */
function newsEventOf(keys: NestedKeys) {
  return nestedObject(keys, {
    title: z.string().trim().default(''),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be YYYY-MM-DD' })
      .refine((date) => isCalendarDate(date.replaceAll('-', '')), { error: 'Not a calendar date' }),
    time: clockTimeSchema,
    timezone: newsTimeZoneSchema.default('Eastern'),
    instruments: z.array(symbolSchema).default([]),
  });
}
export const newsEventSchema = newsEventOf('strip');
export type NewsEvent = z.infer<typeof newsEventSchema>;

export const resetTypeSchema = z.enum(['eod', 'daily-highs', 'static', 'trailing']);
export type ResetType = z.infer<typeof resetTypeSchema>;
export const consistencyPeriodSchema = z.enum(['daily', 'weekly', 'monthly']);
export type ConsistencyPeriod = z.infer<typeof consistencyPeriodSchema>;

export const drawdownParametersSchema = z.object({
  maxDrawdown: z.number().int({ error: 'Max drawdown is a whole number' }).min(0),
  resetType: resetTypeSchema,
  lockOffset: z.number().min(0).refine(isWholeCent, { error: 'At most two decimals' }).optional(),
});

export const dailyLossParametersSchema = z.object({
  maxDailyLoss: z
    .number()
    .positive({ error: 'Max daily loss must be above 0' })
    .refine(isWholeCent, { error: 'At most two decimals' }),
  kind: z.enum(['fail', 'pause']).default('fail'),
});

export const consistencyParametersSchema = z.object({
  minConsistency: z.number().min(0).max(1),
  period: consistencyPeriodSchema,
});

export const profitTargetParametersSchema = z.object({
  target: z.number().min(0),
  type: z.enum(['absolute', 'percentage']),
});

export const tradingDaysParametersSchema = z
  .object({
    minDays: z.number().int().min(1),
    requireProfit: z.boolean().optional(),
    minProfit: z.number().min(0).refine(isWholeCent, { error: 'Step is 0.01' }).optional(),
  })
  .refine((params) => !params.requireProfit || params.minProfit !== undefined, {
    error: 'Min profit is required when profit is required',
    path: ['minProfit'],
  });

const instrumentsParametersOf = (keys: NestedKeys) =>
  z.object({
    allowedInstruments: z.array(instrumentEntryOf(keys)),
    strictMode: z.boolean().optional(),
  });
export const instrumentsParametersSchema = instrumentsParametersOf('strip');

export const tradingHoursParametersSchema = z.object({
  openTime: clockTimeSchema,
  closeTime: clockTimeSchema,
  timezone: timeZoneNameSchema,
});

const newsTradingParametersOf = (keys: NestedKeys) =>
  z.object({
    newsEvents: z.array(newsEventOf(keys)),
    bufferMinutes: z.number().min(0),
  });
export const newsTradingParametersSchema = newsTradingParametersOf('strip');

const positionSizeParametersOf = (keys: NestedKeys) =>
  z.object({
    maxPositionSize: z.number().min(0),
    /** Recorded with the rule and shown in its details; the contract does not judge it. */
    accountPercentage: z.number().min(0).max(1).optional(),
    /** Position factors by product root (micros 0.1); a symbol whose root is not listed counts 1. */
    instruments: z.array(instrumentEntryOf(keys)).optional(),
  });
export const positionSizeParametersSchema = positionSizeParametersOf('strip');

const overnightHoldingParametersOf = (keys: NestedKeys) =>
  z.object({
    /** Compared by product root; absent allows none. */
    allowedInstruments: z.array(instrumentEntryOf(keys)).optional(),
    /** Informational (shown with a breach): the broker's trading day decides where a day ends. */
    closeTime: clockTimeSchema,
  });
export const overnightHoldingParametersSchema = overnightHoldingParametersOf('strip');

export const inactivityParametersSchema = z.object({
  maxInactiveDays: z.number().int().min(1).max(30),
});

/** Parameter schema per rule category. */
export const ruleParametersSchemas = {
  drawdown: drawdownParametersSchema,
  'daily-loss': dailyLossParametersSchema,
  consistency: consistencyParametersSchema,
  'profit-target': profitTargetParametersSchema,
  'trading-days': tradingDaysParametersSchema,
  instruments: instrumentsParametersSchema,
  'trading-hours': tradingHoursParametersSchema,
  'news-trading': newsTradingParametersSchema,
  'position-size': positionSizeParametersSchema,
  'overnight-holding': overnightHoldingParametersSchema,
  inactivity: inactivityParametersSchema,
} as const;

/**
 * The same schemas for parameters a caller sends: every nested object (an instrument
 * entry, a news event) refuses a key it does not take, so `timeZone` for `timezone` is a 400 naming
 * its path instead of a silently ignored key. The top level stays open: `parameterIssues`
 * (shared/programs/rule-body.ts) names an unknown parameter there with the category's list. Stored
 * rules are read with the lenient schemas above, so a rule saved before this check still opens and
 * is judged as before.
 */
export const ruleParametersInputSchemas = {
  ...ruleParametersSchemas,
  instruments: instrumentsParametersOf('strict'),
  'news-trading': newsTradingParametersOf('strict'),
  'position-size': positionSizeParametersOf('strict'),
  'overnight-holding': overnightHoldingParametersOf('strict'),
} as const;

export type RuleParametersByCategory = {
  [Category in keyof typeof ruleParametersSchemas]: z.infer<
    (typeof ruleParametersSchemas)[Category]
  >;
};
