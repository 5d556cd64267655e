import * as z from 'zod';

/**
 * The nine kinds of broker file, in the contract's order, which is also the sync's ingest order (who
 * and what first, then the day's activity); each is `<kind>.csv` in a date folder.
 */
export const brokerFileKindSchema = z.enum([
  'traders',
  'accounts',
  'relationships',
  'daily-performance',
  'daily-fills',
  'daily-trades',
  'daily-symbols',
  'audit-trail',
  'daily-revenue',
]);
export type BrokerFileKind = z.infer<typeof brokerFileKindSchema>;
export const BROKER_FILE_KINDS = brokerFileKindSchema.options;
