import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The programs area (spec 001 §2.1–2.3): list, create, edit; each screen loads on first visit. */
export const programsRoutes: RouteObject[] = [
  page(
    paths.programs,
    () => import('./components/programs-page').then((m) => ({ Component: m.ProgramsPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/programs'),
        (api) => [api.programsQuery()],
      ),
    },
  ),
  page(paths.programCreate, () =>
    import('./components/program-create-page').then((m) => ({ Component: m.ProgramCreatePage })),
  ),
  page(paths.programEdit, () =>
    import('./components/program-edit-page').then((m) => ({ Component: m.ProgramEditPage })),
  ),
];
