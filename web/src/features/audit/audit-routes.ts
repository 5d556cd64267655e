import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The audit trail (spec 001 §2.14). */
export const auditRoutes: RouteObject[] = [
  page(
    paths.audit,
    () => import('./components/audit-page').then((m) => ({ Component: m.AuditPage })),
    {
      prefetch: prefetchQueries(
        async () => {
          const [api, view] = await Promise.all([import('@/api/audit'), import('./audit-search')]);
          return { ...api, ...view };
        },
        (api, { search }) => [
          api.auditTrailQuery(api.readAuditView(search), undefined),
          api.auditStatsQuery(),
          api.auditOperationsQuery(),
        ],
      ),
    },
  ),
];
