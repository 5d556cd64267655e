import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, type Prefetch } from '@/lib/routing';

const prefetchRules: Prefetch = async ({ queryClient }) => {
  const { rulesQuery } = await import('@/api/rules');
  await queryClient.prefetchQuery(rulesQuery());
};

/** The programs area (spec 001 §2.1–2.3): list, create, edit; each screen loads on first visit. */
export const programsRoutes: RouteObject[] = [
  page(
    paths.programs,
    () => import('./components/programs-page').then((m) => ({ Component: m.ProgramsPage })),
    {
      prefetch: async (args) => {
        const { programsQuery } = await import('@/api/programs');
        await Promise.all([args.queryClient.prefetchQuery(programsQuery()), prefetchRules(args)]);
      },
    },
  ),
  page(
    paths.programCreate,
    () =>
      import('./components/program-create-page').then((m) => ({
        Component: m.ProgramCreatePage,
      })),
    { prefetch: prefetchRules },
  ),
  page(paths.programEdit, () =>
    import('./components/program-edit-page').then((m) => ({ Component: m.ProgramEditPage })),
  ),
];
