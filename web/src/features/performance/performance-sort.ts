import {
  performanceSortColumnSchema,
  type PerformanceListRow,
  type PerformanceSortColumn,
} from '@shared/performance/performance-list';

export interface PerformanceSort {
  column: PerformanceSortColumn;
  desc: boolean;
}

/** Spec 000 §2: NetPnl descending until a header is clicked. */
export const DEFAULT_PERFORMANCE_SORT: PerformanceSort = { column: 'NetPnl', desc: true };

/** `?sort=-NetPnl` / `?sort=Trades`; anything unknown is the default. */
export function parsePerformanceSort(value: string | null): PerformanceSort {
  if (!value) return DEFAULT_PERFORMANCE_SORT;
  const desc = value.startsWith('-');
  const parsed = performanceSortColumnSchema.safeParse(desc ? value.slice(1) : value);
  return parsed.success ? { column: parsed.data, desc } : DEFAULT_PERFORMANCE_SORT;
}

export function formatPerformanceSort(sort: PerformanceSort): string {
  return `${sort.desc ? '-' : ''}${sort.column}`;
}

/**
 * Spec 000 §2: a click on the sorted column toggles its direction; a newly chosen column starts
 * ascending.
 */
export function nextPerformanceSort(
  current: PerformanceSort,
  column: PerformanceSortColumn,
): PerformanceSort {
  return current.column === column ? { column, desc: !current.desc } : { column, desc: false };
}

/** Rows in the chosen order; missing figures sort last either way, ties keep the id order. */
export function sortPerformanceRows(
  rows: readonly PerformanceListRow[],
  sort: PerformanceSort,
): PerformanceListRow[] {
  const direction = sort.desc ? -1 : 1;
  return [...rows].sort((left, right) => {
    const a = left[sort.column];
    const b = right[sort.column];
    if (a === undefined || b === undefined) {
      if (a === b) return left.Account.localeCompare(right.Account);
      return a === undefined ? 1 : -1;
    }
    const order =
      typeof a === 'string' && typeof b === 'string'
        ? a.localeCompare(b)
        : (a as number) - (b as number);
    return order === 0 ? left.Account.localeCompare(right.Account) : order * direction;
  });
}

/** Spec 000 §2: the account id is shown without its first four characters. */
export function shortAccountId(accountId: string): string {
  return accountId.length > 4 ? accountId.slice(4) : accountId;
}
