import type { SortingState } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The names of a table's search parameters: `page`, `pageSize` and `sort`, or, where several tables
 * share a screen (one per group), `<key>.page`, `<key>.pageSize` and `<key>.sort`.
 */
export function tableParam(key: string | undefined, name: 'page' | 'pageSize' | 'sort'): string {
  return key === undefined ? name : `${key}.${name}`;
}

/**
 * The page parameters a sort change resets: the table's own page; a screen-wide `sort` (shared by
 * the tables of a grouped screen) resets every table's page, so a new order starts on page 1.
 */
function isResetBySort(sortParam: string, name: string): boolean {
  if (sortParam === 'sort') return name === 'page' || name.endsWith('.page');
  return name === sortParam.replace(/sort$/, 'page');
}

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
 * The sorting of a table and its setter, kept in the `param` search parameter (see
 * {@link tableParam}); without one in the URL the table shows `fallback`, which is then left out of
 * the URL. A new sort starts the table (a screen-wide sort: every table) on page 1.
 */
export function useUrlSorting(
  param: string,
  columnIds: readonly string[],
  fallback: SortingState = [],
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(param);
  const key = columnIds.join('|');
  const fallbackText = formatSorting(fallback);
  const sorting = useMemo(() => {
    const read = parseSorting(raw, columnIds);
    return read.length > 0 ? read : parseSorting(fallbackText, columnIds);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the ids' content
  }, [raw, key, fallbackText]);

  const setSorting = useCallback(
    (next: SortingState) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          const value = formatSorting(next);
          if (value === '' || value === fallbackText) params.delete(param);
          else params.set(param, value);
          for (const name of [...params.keys()]) {
            if (isResetBySort(param, name)) params.delete(name);
          }
          return params;
        },
        // Each click is not a page of history: Back leaves the table, as it would without sorting.
        { replace: true },
      );
    },
    [param, setSearchParams, fallbackText],
  );
  return [sorting, setSorting] as const;
}
