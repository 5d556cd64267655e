import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The firms area (spec 001 §2.21): list, create, detail, edit; each screen loads on first visit. */
export const firmsRoutes: RouteObject[] = [
  page(
    paths.firms,
    () => import('./components/firms-page').then((m) => ({ Component: m.FirmsPage })),
    {
      prefetch: async ({ search, queryClient }) => {
        const { firmListQuery, firmStatsQuery } = await import('@/api/firms');
        // The unfiltered list; a search or a status in the address is the screen's to ask for.
        const filtered = search.has('q') || search.has('status');
        await Promise.all([
          queryClient.prefetchQuery(firmStatsQuery()),
          filtered ? undefined : queryClient.prefetchQuery(firmListQuery({})),
        ]);
      },
    },
  ),
  page(paths.firmCreate, () =>
    import('./components/firm-form-page').then((m) => ({ Component: m.FirmCreatePage })),
  ),
  page(paths.firmDetail, () =>
    import('./components/firm-detail-page').then((m) => ({ Component: m.FirmDetailPage })),
  ),
  page(paths.firmEdit, () =>
    import('./components/firm-form-page').then((m) => ({ Component: m.FirmEditPage })),
  ),
];
