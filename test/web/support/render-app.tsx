import './router-polyfills';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { appRoutes, redirectOnAuthFailure } from '@/app/router';
import { withPrefetchLoaders } from '@/lib/routing';

/**
 * Renders the real route tree at `path`, with the app's providers. Queries do not retry, so an
 * error state shows at once. Returns the router to inspect where the app navigated.
 */
let unsubscribePrevious: (() => void) | undefined;

export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // With the app's loaders, so a screen's request starts as it does in the browser.
  const router = createMemoryRouter(withPrefetchLoaders(appRoutes, queryClient), {
    initialEntries: [path],
  });
  // One app at a time: the previous test's router stops listening for forced logouts.
  unsubscribePrevious?.();
  unsubscribePrevious = redirectOnAuthFailure(router);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
