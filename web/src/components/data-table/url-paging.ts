import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../section/pager';
import { tableParam } from './url-sorting';

export interface UrlPage {
  /** 1-based, as the URL says (1 when missing or unreadable); the table clamps it to its rows. */
  page: number;
  /** Whether the URL names a page (else a table may open the page of a highlighted row). */
  fromUrl: boolean;
  pageSize: number;
  setPage: (page: number) => void;
  /** A new page size starts on page 1. */
  setPageSize: (pageSize: number) => void;
}

/**
 * A table's page and page size in the URL (`?page=2&pageSize=25`, `<key>.page` where several tables
 * share a screen); page 1 and the default size are left out, so links stay short. A page is not a
 * step of history: Back leaves the screen, and coming back shows the page that was left.
 */
export function useUrlPage(
  key?: string,
  {
    defaultPageSize = DEFAULT_PAGE_SIZE,
    pageSizes = PAGE_SIZES as readonly number[],
    sharedSize = false,
  } = {},
): UrlPage {
  const [searchParams, setSearchParams] = useSearchParams();
  const pageParam = tableParam(key, 'page');
  // Grouped tables share the screen's page size: a new size starts every group on page 1.
  const sizeParam = tableParam(sharedSize ? undefined : key, 'pageSize');
  const rawPage = Number(searchParams.get(pageParam) ?? 1);
  const rawSize = Number(searchParams.get(sizeParam));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const pageSize = pageSizes.includes(rawSize) ? rawSize : defaultPageSize;

  const write = useCallback(
    (changes: Record<string, number | undefined>, resetAllPages = false) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          for (const name of [...params.keys()]) {
            if (resetAllPages && (name === 'page' || name.endsWith('.page'))) params.delete(name);
          }
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined) params.delete(name);
            else params.set(name, String(value));
          }
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const setPage = useCallback(
    (next: number) => write({ [pageParam]: next <= 1 ? undefined : next }),
    [write, pageParam],
  );
  const setPageSize = useCallback(
    (next: number) =>
      write(
        { [pageParam]: undefined, [sizeParam]: next === defaultPageSize ? undefined : next },
        sharedSize,
      ),
    [write, pageParam, sizeParam, defaultPageSize, sharedSize],
  );
  return { page, fromUrl: searchParams.has(pageParam), pageSize, setPage, setPageSize };
}
