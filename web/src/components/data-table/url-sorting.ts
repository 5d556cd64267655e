import type { SortingState } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Sorting lives in the URL (DESIGN §7) as one search parameter: column ids in sort order, a leading
 * `-` for descending: `?sort=type,-accountSize`. Unknown ids and repeats are dropped, so an old or
 * edited link still shows a table.
 */
export function parseSorting(value: string | null, columnIds: readonly string[]): SortingState {
  if (value === null || value === '') return [];
  const known = new Set(columnIds);
  const sorting: SortingState = [];
  for (const part of value.split(',')) {
    const desc = part.startsWith('-');
    const id = desc ? part.slice(1) : part;
    if (!known.has(id) || sorting.some((entry) => entry.id === id)) continue;
    sorting.push({ id, desc });
  }
  return sorting;
}

export function formatSorting(sorting: SortingState): string {
  return sorting.map((entry) => `${entry.desc ? '-' : ''}${entry.id}`).join(',');
}

/**
 * The sorting of a table and its setter, kept in the `param` search parameter; a new sort removes
 * the `resetParams` (the table's page).
 */
export function useUrlSorting(
  param: string,
  columnIds: readonly string[],
  resetParams: readonly string[] = [],
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(param);
  const key = columnIds.join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the ids' content
  const sorting = useMemo(() => parseSorting(raw, columnIds), [raw, key]);

  const resetKey = resetParams.join('|');
  const setSorting = useCallback(
    (next: SortingState) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          const value = formatSorting(next);
          if (value === '') params.delete(param);
          else params.set(param, value);
          for (const name of resetParams) params.delete(name);
          return params;
        },
        // Each click is not a page of history: Back leaves the table, as it would without sorting.
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `resetKey` stands for the names' content
    [param, setSearchParams, resetKey],
  );
  return [sorting, setSorting] as const;
}
