import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The programs area (spec 001 §2.1–2.3): list, create, edit; each screen loads on first visit. */
export const programsRoutes: RouteObject[] = [
  page(
    paths.programs,
    () => import('./components/programs-page').then((m) => ({ Component: m.ProgramsPage })),
    {
      prefetch: async ({ queryClient }) => {
        const { programsQuery } = await import('@/api/programs');
        await queryClient.prefetchQuery(programsQuery());
      },
    },
  ),
  page(paths.programCreate, () =>
    import('./components/program-create-page').then((m) => ({ Component: m.ProgramCreatePage })),
  ),
  page(paths.programEdit, () =>
    import('./components/program-edit-page').then((m) => ({ Component: m.ProgramEditPage })),
  ),
];
