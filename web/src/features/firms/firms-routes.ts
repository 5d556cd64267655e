import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The firms area (spec 001 §2.21): list, create, detail, edit; each screen loads on first visit. */
export const firmsRoutes: RouteObject[] = [
  page(paths.firms, () =>
    import('./components/firms-page').then((m) => ({ Component: m.FirmsPage })),
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
