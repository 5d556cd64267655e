import type { SortingState } from '@tanstack/react-table';
import {
  type ContextType,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';

/**
 * Screen state kept in the URL (DESIGN §7), through these hooks only, with one set of parameter
 * names everywhere: `q` for a search box, `page` for a table's page, `sort` for its sorting. A screen
 * with several tables names each by a prefix: `<prefix>.page`, `<prefix>.sort`.
 *
 * Why not `useSearchParams()`'s setter: a data router renders a navigation in a transition, and the
 * setter (even the callback form) starts from the search params of the last *render*, so a change
 * made before the previous one has rendered drops it (a sort, then a click on Next before the sorted
 * page rendered, lost the sort or the page). Every write here starts from the router's own newest
 * location instead, so changes from any hook, however quick, build one on the other.
 */

type DataRouter = NonNullable<ContextType<typeof DataRouterContext>>['router'];

/** The location the router is going to (a navigation under way), else the one it shows. */
function newestLocation(router: DataRouter) {
  return router.state.navigation.location ?? router.state.location;
}

/**
 * The writer of the screen's search parameters: `change` edits the newest parameters the router
 * knows (a navigation still under way included), and the result replaces the history entry. Back
 * leaves the screen, and coming back (or a reload) shows the view that was left. A write made while
 * the screen is being left (a navigation to another path is under way) is dropped.
 */
export function useSearchWriter(): (change: (params: URLSearchParams) => void) => void {
  const router = useContext(DataRouterContext)?.router;
  const [, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (change) => {
      // Outside a data router (a plain <MemoryRouter> in a test) the rendered params are all there is.
      if (router === undefined) {
        setSearchParams(
          (current) => {
            change(current);
            return current;
          },
          { replace: true },
        );
        return;
      }
      const newest = newestLocation(router);
      if (newest.pathname !== pathname) return;
      const params = new URLSearchParams(newest.search);
      const before = params.toString();
      change(params);
      const after = params.toString();
      if (after === before) return;
      void navigate({ pathname, search: after === '' ? '' : `?${after}` }, { replace: true });
    },
    [router, pathname, navigate, setSearchParams],
  );
}

/** The newest search parameters the router knows, for a change built on the view as it now is. */
function useNewestParams(): () => URLSearchParams {
  const router = useContext(DataRouterContext)?.router;
  const [searchParams] = useSearchParams();
  const rendered = useRef(searchParams);
  useEffect(() => {
    rendered.current = searchParams;
  });
  return useCallback(
    () => new URLSearchParams(router ? newestLocation(router).search : rendered.current),
    [router],
  );
}

/**
 * A screen's view (its filters, a tab, a table's page) kept in the URL: `read` turns parameters into
 * the view, `write` turns a view into its parameters (defaults left out). The view owns the
 * parameters `names`: a change replaces those and keeps every other one (a search box's `q`, a
 * table's `page` and `sort`), except those `resets` names, which a change of the view removes
 * (another date or tab starts its tables on page 1). The view shown is the URL's, so a link, Back or
 * another hook's write is simply shown; a change is built on the newest URL, so two changes before a
 * render both count.
 */
export function useUrlView<V extends object>(
  read: (params: URLSearchParams) => V,
  write: (view: V) => URLSearchParams,
  names: readonly string[],
  { resets }: UrlViewOptions = {},
): [V, (change: Partial<V> | ((current: V) => Partial<V>)) => void] {
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `search` stands for the params' content
  const view = useMemo(() => read(searchParams), [search, read]);
  const newestParams = useNewestParams();
  const writeSearch = useSearchWriter();
  const latest = useRef({ read, write, names, resets });
  useEffect(() => {
    latest.current = { read, write, names, resets };
  });

  const update = useCallback(
    (change: Partial<V> | ((current: V) => Partial<V>)) => {
      const { read, write, names, resets } = latest.current;
      const current = read(newestParams());
      const next = write({
        ...current,
        ...(typeof change === 'function' ? change(current) : change),
      });
      if (next.toString() === write(current).toString()) return;
      writeSearch((params) => {
        for (const name of [...params.keys()]) {
          if (names.includes(name) || resets?.(name)) params.delete(name);
        }
        for (const [name, value] of next) params.append(name, value);
      });
    },
    [newestParams, writeSearch],
  );
  return [view, update];
}

export interface UrlViewOptions {
  /** Parameters a change of the view removes (its tables' pages), besides its own. */
  resets?: (name: string) => boolean;
}

/** Reads text parameters, '' for an absent one. */
function readTexts<N extends string>(names: readonly N[], params: URLSearchParams) {
  return Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<
    N,
    string
  >;
}

/**
 * Plain text filters (a select's value, an id, a date) in the URL, '' meaning "not set" and left
 * out of the URL: `useUrlView` for the common case.
 */
export function useUrlFilters<N extends string>(names: readonly N[], options?: UrlViewOptions) {
  const key = names.join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the names' content
  const read = useCallback((params: URLSearchParams) => readTexts(names, params), [key]);
  const write = useCallback((values: Record<N, string>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries<string | undefined>(values)) {
      if (value) params.set(name, value);
    }
    return params;
  }, []);
  return useUrlView(read, write, names, options);
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

/** The name of a table's parameter: `page`, or `<prefix>.page` on a screen with several tables. */
export function urlParamName(name: 'page' | 'pageSize' | 'sort', prefix?: string): string {
  return prefix === undefined || prefix === '' ? name : `${prefix}.${name}`;
}

/** A trading date parameter (`?date=20260302`, YYYYMMDD) as the API takes it; else undefined. */
export function tradingDateParam(value: string | null | undefined): string | undefined {
  return value != null && /^\d{8}$/.test(value) ? value : undefined;
}

/** Reads a 1-based page number; anything else (missing, 0, text) is the first page. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Whether a parameter is a table's page: `page` or `<prefix>.page`. */
export const isPageParam = (name: string) => name === 'page' || name.endsWith('.page');

/**
 * The pages a sort change resets: the table's own; a screen-wide `sort` (shared by the tables of a
 * grouped screen) resets every table's page, so a new order starts on page 1.
 */
function isResetBySort(sortParam: string, name: string): boolean {
  if (sortParam === 'sort') return isPageParam(name);
  return name === sortParam.replace(/sort$/, 'page');
}

/**
 * The sorting of a table and its setter, kept in the `param` search parameter (`sort` or
 * `<prefix>.sort`); without one in the URL the table shows `fallback`, which is then left out of the
 * URL. A new sort starts the table (a screen-wide sort: every table) on page 1. Each click replaces
 * the history entry: Back leaves the table, as it would without sorting.
 */
export function useUrlSorting(
  param: string,
  columnIds: readonly string[],
  fallback: SortingState = [],
) {
  const [searchParams] = useSearchParams();
  const writeSearch = useSearchWriter();
  const raw = searchParams.get(param);
  const key = columnIds.join('|');
  const fallbackText = formatSorting(fallback);
  const sorting = useMemo(() => {
    const read = parseSorting(raw, columnIds);
    return read.length > 0 ? read : parseSorting(fallbackText, columnIds);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the ids' content
  }, [raw, key, fallbackText]);

  const setSorting = useCallback(
    (next: SortingState) =>
      writeSearch((params) => {
        const value = formatSorting(next);
        if (value === '' || value === fallbackText) params.delete(param);
        else params.set(param, value);
        for (const name of [...params.keys()]) {
          if (isResetBySort(param, name)) params.delete(name);
        }
      }),
    [param, writeSearch, fallbackText],
  );
  return [sorting, setSorting] as const;
}

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

/** Spec 000 §9: tables show 10 rows a page by default; the sizes a pager offers. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES: readonly number[] = [10, 25, 50, 100];

/**
 * A table's page and page size in the URL (`?page=2&pageSize=25`, `<prefix>.page` where several
 * tables share a screen); page 1 and the default size are left out, so links stay short. Grouped
 * tables (`sharedSize`) share the screen's `pageSize`, and a new size starts every group on page 1.
 * A page replaces the history entry, as sorting does: Back leaves the screen, and coming back shows
 * the page that was left.
 */
export function useUrlPage(
  prefix?: string,
  { defaultPageSize = DEFAULT_PAGE_SIZE, pageSizes = PAGE_SIZES, sharedSize = false } = {},
): UrlPage {
  const [searchParams] = useSearchParams();
  const writeSearch = useSearchWriter();
  const pageParam = urlParamName('page', prefix);
  const sizeParam = urlParamName('pageSize', sharedSize ? undefined : prefix);
  const rawSize = Number(searchParams.get(sizeParam));
  const pageSize = pageSizes.includes(rawSize) ? rawSize : defaultPageSize;

  const write = useCallback(
    (changes: Record<string, number | undefined>, resetAllPages = false) =>
      writeSearch((params) => {
        for (const name of [...params.keys()]) {
          if (resetAllPages && isPageParam(name)) params.delete(name);
        }
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) params.delete(name);
          else params.set(name, String(value));
        }
      }),
    [writeSearch],
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
  return {
    page: parsePage(searchParams.get(pageParam)),
    fromUrl: searchParams.has(pageParam),
    pageSize,
    setPage,
    setPageSize,
  };
}

/** How long a search box waits after the last key before the URL (and the query) follows it. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box kept in the URL (`q` unless named): the box's text is local state, so no key is ever
 * lost, and the URL follows a moment after the last key (replacing the history entry). The third
 * value is the search as the URL holds it, the one to query with. A link or Back that changes the
 * URL under the box sets the box to it; the hook's own writes do not, even when they render late
 * (after keys typed since), so they never cut the box back. The parameters `resets` names (the
 * tables' pages) are removed when the search changes.
 */
export function useUrlSearch(
  param = 'q',
  { delayMs = SEARCH_DEBOUNCE_MS, resets }: { delayMs?: number } & UrlViewOptions = {},
) {
  const [searchParams] = useSearchParams();
  const writeSearch = useSearchWriter();
  const search = searchParams.get(param) ?? '';
  const [typed, setTyped] = useState(search);
  // Searches this hook wrote: when they render they are not news.
  const written = useRef(new Set<string>());

  useEffect(() => {
    if (written.current.has(search)) return;
    written.current.clear();
    setTyped((current) => (current.trim() === search ? current : search));
  }, [search]);

  const latestResets = useRef(resets);
  useEffect(() => {
    latestResets.current = resets;
  });
  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === search) return undefined;
    const timer = setTimeout(() => {
      written.current.add(wanted);
      writeSearch((params) => {
        if (wanted === '') params.delete(param);
        else params.set(param, wanted);
        for (const name of [...params.keys()]) {
          if (latestResets.current?.(name)) params.delete(name);
        }
      });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, search, param, delayMs, writeSearch]);

  return [typed, setTyped, search] as const;
}
