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
        () => import('@/api/audit'),
        (api) => [api.auditStatsQuery(), api.auditOperationsQuery()],
      ),
    },
  ),
];
