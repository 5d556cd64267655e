import type { DailyRevenueRecord } from '@shared/revenue/daily-revenue';
import { toCsv } from '@shared/common/csv';
import { formatDate } from '@/lib/format';

/** What the screen derives from the rows: totals, one point per day, and the running sums. */

export interface RevenueTotals {
  /** Cents. */
  grossIncome: number;
  netIncome: number;
  totalFees: number;
  transactions: number;
  /** The largest daily count in the range, not the sum (decision 29). */
  activeTraders: number;
}

export interface RevenueDay {
  /** YYYYMMDD. */
  date: string;
  grossIncome: number;
  netIncome: number;
  totalFees: number;
  transactions: number;
  traders: number;
}

/** The providers' rows of each date added up, in date order. */
export function revenueDays(records: readonly DailyRevenueRecord[]): RevenueDay[] {
  const days = new Map<string, RevenueDay>();
  for (const { date, metrics } of records) {
    const day = days.get(date) ?? {
      date,
      grossIncome: 0,
      netIncome: 0,
      totalFees: 0,
      transactions: 0,
      traders: 0,
    };
    day.grossIncome += metrics.grossIncome;
    day.netIncome += metrics.netIncome;
    day.totalFees += metrics.totalFees;
    day.transactions += metrics.transactionCount;
    day.traders += metrics.traderCount;
    days.set(date, day);
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export function revenueTotals(records: readonly DailyRevenueRecord[]): RevenueTotals {
  const days = revenueDays(records);
  return {
    grossIncome: days.reduce((sum, day) => sum + day.grossIncome, 0),
    netIncome: days.reduce((sum, day) => sum + day.netIncome, 0),
    totalFees: days.reduce((sum, day) => sum + day.totalFees, 0),
    transactions: days.reduce((sum, day) => sum + day.transactions, 0),
    activeTraders: days.reduce((max, day) => Math.max(max, day.traders), 0),
  };
}

/** Each day's gross, net and fees added to the days before it. */
export function accumulatedDays(days: readonly RevenueDay[]): RevenueDay[] {
  let gross = 0;
  let net = 0;
  let fees = 0;
  return days.map((day) => {
    gross += day.grossIncome;
    net += day.netIncome;
    fees += day.totalFees;
    return { ...day, grossIncome: gross, netIncome: net, totalFees: fees };
  });
}

/** Cents as dollars, exact to the cent (the screen divides by 100, spec 001 §9). */
export function dollarsOf(cents: number): number {
  return cents / 100;
}

function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The details table as CSV: one row per date and provider, amounts in dollars. */
export function revenueCsv(records: readonly DailyRevenueRecord[]): string {
  const header = [
    'Date',
    'Provider',
    'Gross Income (USD)',
    'Net Income (USD)',
    'Total Fees (USD)',
    'Transactions',
    'Traders',
    'Collection Time',
  ];
  const lines = records.map((record) => [
    formatDate(record.date),
    record.provider.toUpperCase(),
    centsText(record.metrics.grossIncome),
    centsText(record.metrics.netIncome),
    centsText(record.metrics.totalFees),
    record.metrics.transactionCount,
    record.metrics.traderCount,
    record.collectionTimestamp ?? '',
  ]);
  return toCsv(header, lines);
}
