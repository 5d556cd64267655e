import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { BUY_INDICATOR } from '@shared/audit/audit-trail';

/** Spec 000 §2: '+' when the indicator is B, otherwise '-', before the quantity. */
export function signedQuantity(
  record: Pick<AuditTrailRecord, 'quantity' | 'buySellIndicator'>,
): string {
  if (record.quantity === undefined) return '-';
  return `${record.buySellIndicator === BUY_INDICATOR ? '+' : '-'}${record.quantity}`;
}

const priceFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** Spec 000 §2: the fill price, else the limit price, else '-'. */
export function auditPrice(record: Pick<AuditTrailRecord, 'fillPrice' | 'limitPrice'>): string {
  const price = record.fillPrice ?? record.limitPrice;
  return price === undefined ? '-' : priceFormatter.format(price);
}

/** The broker's clock time of the event (`HH:MM:SS`). */
export function auditTime(timestamp: string): string {
  const match = /T(\d{2}:\d{2}:\d{2})/.exec(timestamp);
  return match ? (match[1] as string) : timestamp;
}
