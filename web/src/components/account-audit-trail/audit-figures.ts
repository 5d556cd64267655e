import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { BUY_INDICATOR } from '@shared/audit/audit-trail';
import { MISSING, formatNumber } from '@/lib/format';

/** Spec 000 §2: '+' when the indicator is B, otherwise '-', before the quantity. */
export function signedQuantity(
  record: Pick<AuditTrailRecord, 'quantity' | 'buySellIndicator'>,
): string {
  if (record.quantity === undefined) return MISSING;
  return `${record.buySellIndicator === BUY_INDICATOR ? '+' : '-'}${record.quantity}`;
}

/** Spec 000 §2: the fill price, else the limit price, else '-'. */
export function auditPrice(record: Pick<AuditTrailRecord, 'fillPrice' | 'limitPrice'>): string {
  return formatNumber(record.fillPrice ?? record.limitPrice);
}
