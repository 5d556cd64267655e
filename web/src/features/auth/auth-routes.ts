import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The staff's sign-in screen (spec 000 §2), outside every layout. */
export const authRoutes: RouteObject[] = [
  page(paths.signIn, () =>
    import('./components/sign-in-page').then((m) => ({ Component: m.SignInPage })),
  ),
];
