import type {
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query';
import type { LoaderFunction, Params, RouteObject } from 'react-router-dom';
import type { Screen } from '../config/paths';

export const APP_NAME = 'Deskline';

/** A screen's tab title: 'Latest Performance · Deskline'. */
export function documentTitle(title: string): string {
  return `${title} · ${APP_NAME}`;
}

export interface PrefetchArgs {
  params: Params;
  search: URLSearchParams;
  queryClient: QueryClient;
}

/**
 * Starts a screen's data requests, with the same query options its hooks use, so they run while the
 * screen's code downloads instead of after it has mounted. Navigation waits for none of them.
 */
export type Prefetch = (args: PrefetchArgs) => unknown;

/**
 * The usual prefetch: the queries `queries` picks from an API module, which is loaded on the way in
 * (so it stays out of the first load). An `undefined` entry asks nothing (a query the screen makes
 * only for some addresses).
 */
export function prefetchQueries<Api>(
  load: () => Promise<Api>,
  queries: (api: Api, args: PrefetchArgs) => readonly ({ queryKey: QueryKey } | undefined)[],
): Prefetch {
  return async (args) => {
    const api = await load();
    await Promise.all(
      queries(api, args).map(
        // Each is a `queryOptions(...)` or `infiniteQueryOptions(...)` (its first page) of the API
        // layer; its data type is the screen's business.
        (query) =>
          query &&
          ('initialPageParam' in query
            ? args.queryClient.prefetchInfiniteQuery(query as FetchInfiniteQueryOptions)
            : args.queryClient.prefetchQuery(query as FetchQueryOptions)),
      ),
    );
  };
}

/** What a route carries for the shell: its document title, and what to fetch on the way in. */
export interface RouteHandle {
  title: string;
  prefetch?: Prefetch;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof (handle as RouteHandle | undefined)?.title === 'string';
}

/**
 * A layout's say over its screens' prefetching: the staff layout's screens ask nothing for a trader
 * it sends to their own area, as the screens themselves never render for them.
 */
export interface LayoutHandle {
  prefetchIf: (pathname: string) => boolean;
}

function isLayoutHandle(handle: unknown): handle is LayoutHandle {
  return typeof (handle as LayoutHandle | undefined)?.prefetchIf === 'function';
}

/**
 * A screen's route: its pattern and title from `config/paths.ts`, its code loaded on first visit.
 * `path` registers one address of the pattern (the trader area's `/traders/{name}` pages); `title`
 * is a whole document title the spec words otherwise.
 */
export function page(
  screen: Screen,
  lazy: NonNullable<RouteObject['lazy']>,
  options: { prefetch?: Prefetch; title?: string; path?: string } = {},
): RouteObject {
  return {
    path: options.path ?? screen.path,
    lazy,
    handle: {
      title: options.title ?? documentTitle(screen.title),
      ...(options.prefetch && { prefetch: options.prefetch }),
    } satisfies RouteHandle,
  };
}

function prefetchLoader(
  prefetch: Prefetch,
  queryClient: QueryClient,
  prefetchIf: (pathname: string) => boolean,
): LoaderFunction {
  return ({ params, request }) => {
    const url = new URL(request.url);
    if (!prefetchIf(url.pathname)) return null;
    const search = url.searchParams;
    // A failed prefetch is the screen's to report: its own hook asks again and shows the error.
    void Promise.resolve()
      .then(() => prefetch({ params, search, queryClient }))
      .catch(() => undefined);
    return null;
  };
}

/**
 * The route tree with a loader on every route whose handle prefetches. Loaders run beside `lazy`,
 * so a screen's request and its code download together. A screen that stays (its query string
 * changes) does not prefetch again: its hooks follow the URL themselves.
 */
export function withPrefetchLoaders(
  routes: RouteObject[],
  queryClient: QueryClient,
  prefetchIf: (pathname: string) => boolean = () => true,
): RouteObject[] {
  return routes.map((route) => {
    const prefetch = isRouteHandle(route.handle) ? route.handle.prefetch : undefined;
    const condition = isLayoutHandle(route.handle) ? route.handle.prefetchIf : prefetchIf;
    const children = route.children && withPrefetchLoaders(route.children, queryClient, condition);
    return {
      ...route,
      ...(children && { children }),
      ...(prefetch && {
        loader: prefetchLoader(prefetch, queryClient, condition),
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
      }),
    } as RouteObject;
  });
}
