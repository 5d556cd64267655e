import type { BrokerFileKind } from '@shared/broker-files/kinds';
import type { SyncRecordCountField, SyncSummary } from '@shared/sync/sync-run';

/** The nine record counts of the spec's sync summary, in its order, with the page's wording. */
export const recordCountLabels: Record<SyncRecordCountField, string> = {
  auditTrailRecords: 'Audit trail',
  relationshipReportsRecords: 'Relationship reports',
  dailyPerformanceRecords: 'Daily performance',
  dailyFillsRecords: 'Daily fills',
  dailyTradesRecords: 'Daily trades',
  dailySymbolsRecords: 'Daily symbols',
  dailyRevenueRecords: 'Daily revenue',
  tradersRecords: 'Traders',
  accountsRecords: 'Accounts',
};

export const recordCountFields = Object.keys(recordCountLabels) as SyncRecordCountField[];

/** Broker file kinds as the rejected-rows counts name them. */
export const fileKindLabels: Record<BrokerFileKind, string> = {
  traders: 'Traders',
  accounts: 'Accounts',
  relationships: 'Relationships',
  'daily-performance': 'Daily performance',
  'daily-fills': 'Daily fills',
  'daily-trades': 'Daily trades',
  'daily-symbols': 'Daily symbols',
  'audit-trail': 'Audit trail',
  'daily-revenue': 'Daily revenue',
};

/** Every row a run stored, all kinds together. */
export function rowsIngested(summary: SyncSummary): number {
  return recordCountFields.reduce((total, field) => total + summary[field], 0);
}

export function rejectedTotal(summary: SyncSummary): number {
  return Object.values(summary.rejectedRecords).reduce((total, count) => total + count, 0);
}
