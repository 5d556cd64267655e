import { infiniteQueryOptions, QueryClient } from '@tanstack/react-query';
import type {
  LoaderFunctionArgs,
  RouteObject,
  ShouldRevalidateFunctionArgs,
} from 'react-router-dom';
import { paths } from '../../../web/src/config/paths';
import {
  documentTitle,
  page,
  prefetchQueries,
  withPrefetchLoaders,
  type LayoutHandle,
  type Prefetch,
} from '../../../web/src/lib/routing';

const screenCode = async () => ({ Component: () => null });

function loaderOf(route: RouteObject | undefined) {
  const loader = route?.loader;
  if (typeof loader !== 'function') throw new Error('no loader');
  return (url: string, params: Record<string, string> = {}) =>
    loader({ request: { url } as Request, params, context: undefined } as LoaderFunctionArgs);
}

describe('routing', () => {
  it("titles a screen 'Name · Deskline' and registers its pattern", () => {
    const route = page(paths.latestPerformance, screenCode);
    expect(route.path).toBe('/performance/today');
    expect(route.handle).toEqual({ title: 'Latest Performance · Deskline' });
    expect(documentTitle('Users')).toBe('Users · Deskline');
  });

  it('gives a prefetching screen a loader that starts its requests and waits for none', async () => {
    const queryClient = new QueryClient();
    const prefetch = jest.fn<ReturnType<Prefetch>, Parameters<Prefetch>>(
      () => new Promise(() => {}),
    );
    const [route] = withPrefetchLoaders(
      [page(paths.accountDetails, screenCode, { prefetch })],
      queryClient,
    );

    const answer = loaderOf(route)('http://app.test/summaries/account/A%201?tab=daily', {
      accountId: 'A 1',
    });

    expect(answer).toBeNull();
    await Promise.resolve();
    expect(prefetch).toHaveBeenCalledTimes(1);
    const [args] = prefetch.mock.calls[0] ?? [];
    expect(args?.params).toEqual({ accountId: 'A 1' });
    expect(args?.search.get('tab')).toBe('daily');
    expect(args?.queryClient).toBe(queryClient);
  });

  it('prefetches the queries picked from a loaded API module, skipping the ones not asked', async () => {
    const queryClient = new QueryClient();
    const queryFn = jest.fn(async () => ['row']);
    const api = { listQuery: (q: string) => ({ queryKey: ['list', q], queryFn }) };
    const prefetch = prefetchQueries(
      async () => api,
      (loaded, { search }) => [loaded.listQuery(search.get('q') ?? ''), undefined],
    );

    await prefetch({ params: {}, search: new URLSearchParams('q=alpha'), queryClient });

    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['list', 'alpha'])).toEqual(['row']);
  });

  it("prefetches a paged list's first page as the screen's infinite query reads it", async () => {
    const queryClient = new QueryClient();
    const queryFn = jest.fn(async ({ pageParam }: { pageParam: string | undefined }) => ({
      rows: [pageParam ?? 'first'],
    }));
    const pagesQuery = infiniteQueryOptions({
      queryKey: ['pages'],
      queryFn,
      initialPageParam: undefined as string | undefined,
      getNextPageParam: () => undefined,
    });
    await prefetchQueries(
      async () => ({ pagesQuery }),
      (loaded) => [loaded.pagesQuery],
    )({ params: {}, search: new URLSearchParams(), queryClient });

    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['pages'])).toEqual({
      pages: [{ rows: ['first'] }],
      pageParams: [undefined],
    });
  });

  it('leaves routes without prefetch alone, and survives a failing prefetch', async () => {
    const failing = jest.fn(() => Promise.reject(new Error('chunk failed')));
    const [plain, failingRoute] = withPrefetchLoaders(
      [page(paths.users, screenCode), page(paths.audit, screenCode, { prefetch: failing })],
      new QueryClient(),
    );
    expect(plain?.loader).toBeUndefined();
    expect(loaderOf(failingRoute)('http://app.test/audit')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failing).toHaveBeenCalled();
  });

  it("follows a layout's condition for the screens inside it", async () => {
    const prefetch = jest.fn();
    const layout: RouteObject = {
      handle: { prefetchIf: (pathname) => pathname !== '/audit' } satisfies LayoutHandle,
      children: [page(paths.audit, screenCode, { prefetch })],
    };
    const [wrapped] = withPrefetchLoaders([layout], new QueryClient());
    const load = loaderOf(wrapped?.children?.[0]);

    load('http://app.test/audit');
    await Promise.resolve();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('prefetches again when the path changes, not when only the query string does', () => {
    const [route] = withPrefetchLoaders(
      [page(paths.accountDetails, screenCode, { prefetch: jest.fn() })],
      new QueryClient(),
    );
    const again = (from: string, to: string) =>
      route?.shouldRevalidate?.({
        currentUrl: new URL(from),
        nextUrl: new URL(to),
      } as ShouldRevalidateFunctionArgs);
    expect(
      again('http://a.test/summaries/account/A', 'http://a.test/summaries/account/A?p=2'),
    ).toBe(false);
    expect(again('http://a.test/summaries/account/A', 'http://a.test/summaries/account/B')).toBe(
      true,
    );
  });
});
