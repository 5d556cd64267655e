import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The firms area (spec 001 §2.21): list, create, detail, edit; each screen loads on first visit. */
export const firmsRoutes: RouteObject[] = [
  page(
    paths.firms,
    () => import('./components/firms-page').then((m) => ({ Component: m.FirmsPage })),
    {
      // The unfiltered list; a search or a status in the address is the screen's to ask for.
      prefetch: prefetchQueries(
        () => import('@/api/firms'),
        (api, { search }) => [
          api.firmStatsQuery(),
          search.has('q') || search.has('status') ? undefined : api.firmListQuery({}),
        ],
      ),
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
