import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The rules area (spec 001 §2.17, §2.18). */
export const rulesRoutes: RouteObject[] = [
  page(
    paths.rulesManagement,
    () =>
      import('./components/rules-management-page').then((m) => ({
        Component: m.RulesManagementPage,
      })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/rules'),
        (api) => [api.rulesQuery()],
      ),
    },
  ),
  page(paths.ruleCreate, () =>
    import('./components/rules-demo-page').then((m) => ({ Component: m.RulesDemoPage })),
  ),
];
