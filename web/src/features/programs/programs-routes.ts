import type { RouteObject } from 'react-router-dom';

/** The programs area (spec 001 §2.1–2.3): list, create, edit; each screen loads on first visit. */
export const programsRoutes: RouteObject[] = [
  {
    path: 'programs',
    lazy: () => import('./components/programs-page').then((m) => ({ Component: m.ProgramsPage })),
  },
  {
    path: 'programs/create',
    lazy: () =>
      import('./components/program-create-page').then((m) => ({
        Component: m.ProgramCreatePage,
      })),
  },
  {
    path: 'programs/:prefix',
    lazy: () =>
      import('./components/program-edit-page').then((m) => ({ Component: m.ProgramEditPage })),
  },
];
