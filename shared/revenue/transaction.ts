import * as z from 'zod';

/** Spec 001 §3 "Transaction": only its enumerations are known. */

export const paymentProviderSchema = z.enum([
  'stripe',
  'paypal',
  'manual',
  'bank_transfer',
  'other',
]);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

export const transactionTypeSchema = z.enum([
  'payment',
  'refund',
  'chargeback',
  'payout',
  'fee',
  'adjustment',
]);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const transactionStatusSchema = z.enum([
  'pending',
  'succeeded',
  'failed',
  'canceled',
  'disputed',
]);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
