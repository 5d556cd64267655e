import { REVENUE_DEFAULT_RANGE_DAYS } from '@shared/revenue/daily-revenue';
import { REVENUE_PROVIDERS, type RevenueProviderFilter, type RevenueView } from '@/api/revenue';

export { REVENUE_PROVIDERS, type RevenueProviderFilter, type RevenueView };

/**
 * The Daily Revenue screen's filters live in the URL (spec 001 §2.13): `startDate` and `endDate`
 * as the date inputs write them (YYYY-MM-DD, converted to YYYYMMDD at the call, decision 10) and
 * `provider` (all when absent). Defaults: the last 30 days up to today.
 */

const INPUT_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A local calendar day as the date input writes it. */
export function inputDateOf(day: Date): string {
  const month = String(day.getMonth() + 1).padStart(2, '0');
  return `${day.getFullYear()}-${month}-${String(day.getDate()).padStart(2, '0')}`;
}

export function defaultRevenueView(today: Date = new Date()): RevenueView {
  const start = new Date(today);
  start.setDate(start.getDate() - REVENUE_DEFAULT_RANGE_DAYS);
  return { startDate: inputDateOf(start), endDate: inputDateOf(today), provider: 'all' };
}

/** The parameters of the screen's view. */
export const REVENUE_VIEW_PARAMS = ['startDate', 'endDate', 'provider'] as const;

export function readRevenueView(params: URLSearchParams, today: Date = new Date()): RevenueView {
  const defaults = defaultRevenueView(today);
  const start = params.get('startDate') ?? '';
  const end = params.get('endDate') ?? '';
  const provider = params.get('provider');
  return {
    startDate: INPUT_DATE.test(start) ? start : defaults.startDate,
    endDate: INPUT_DATE.test(end) ? end : defaults.endDate,
    provider: (REVENUE_PROVIDERS as readonly string[]).includes(provider ?? '')
      ? (provider as RevenueProviderFilter)
      : 'all',
  };
}

export function writeRevenueView(view: RevenueView): URLSearchParams {
  const params = new URLSearchParams({ startDate: view.startDate, endDate: view.endDate });
  if (view.provider !== 'all') params.set('provider', view.provider);
  return params;
}
