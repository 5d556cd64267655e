import type { Conformance } from '@shared/rules/conformance';
import { formatCount } from '@/lib/format';
import type { FieldRow } from './field-list';
import { Money } from './money-text';

/**
 * The balances a judged day's conformance carries, as the day screens (Performance Report, Daily
 * Performance) list them after their own first rows.
 */
export function conformanceBalanceRows(conformance: Conformance): FieldRow[] {
  return [
    ['Consecutive Loss Days', formatCount(conformance.consecutiveLossDays)],
    ['Max Drawdown from High', <Money value={conformance.maxDrawdownFromHigh} />],
    ['Current Balance', <Money value={conformance.currentBalance} />],
    ['Starting Balance', <Money value={conformance.startingBalance} />],
    ['Profit Target', <Money value={conformance.profitTarget} />],
    ['Trailing Drawdown', <Money value={conformance.trailingDrawdown} />],
  ];
}
