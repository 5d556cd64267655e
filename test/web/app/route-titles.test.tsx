import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { appRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { isRouteHandle } from '@/lib/routing';
import { mockApi } from '../support/fetch-mock';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session-fixtures';

/** Every route that shows a screen: a route with a path (or the index) and no child routes. */
function screenRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) =>
    route.children ? screenRoutes(route.children) : route.path || route.index ? [route] : [],
  );
}

beforeEach(() => mockApi({}));
afterEach(() => localStorage.clear());

describe('document titles', () => {
  it('gives every registered screen a title naming the screen and the product', () => {
    const routes = screenRoutes(appRoutes);
    expect(routes.length).toBeGreaterThanOrEqual(45);
    for (const route of routes) {
      const title = isRouteHandle(route.handle) ? route.handle.title : undefined;
      expect([route.path, title]).toEqual([
        route.path,
        expect.stringMatching(/^\S.* (· Deskline|- Deskline Trader Interface)$/),
      ]);
    }
  });

  it('registers every screen of the URL map exactly once', () => {
    const registered = screenRoutes(appRoutes).map((route) => route.path);
    for (const { path } of Object.values(paths)) {
      if (path === paths.traderAreaPage.path) continue; // the hub's sections and tools, by name
      expect(registered.filter((candidate) => candidate === path)).toEqual([path]);
    }
  });

  it('names the tab after the screen, and follows navigation', async () => {
    signInAs();
    const { router } = renderApp(paths.hello.href());

    await screen.findByRole('heading', { name: /hello/i });
    await waitFor(() => expect(document.title).toBe('Hello World · Deskline'));

    await router.navigate(paths.authDebug.href());
    await waitFor(() => expect(document.title).toBe('Authentication Debug Console · Deskline'));
  });
});
