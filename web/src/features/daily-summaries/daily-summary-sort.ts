import { DAILY_SUMMARY_SORTS } from '@shared/summaries/daily-summary-sorts';

/**
 * The sort the server pages by: the first column of the table's URL sort (`-pnl,date` → `-pnl`)
 * when it is one the server knows, else its default order. The table sorts the loaded rows the
 * same way, so a further page continues the order.
 */
export function serverSortOf(value: string | null | undefined): string | undefined {
  const first = value?.split(',')[0]?.trim();
  if (!first) return undefined;
  const id = first.startsWith('-') ? first.slice(1) : first;
  return (DAILY_SUMMARY_SORTS as readonly string[]).includes(id) ? first : undefined;
}
