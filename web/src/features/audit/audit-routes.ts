import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The audit trail (spec 001 §2.14). */
export const auditRoutes: RouteObject[] = [
  page(
    paths.audit,
    () => import('./components/audit-page').then((m) => ({ Component: m.AuditPage })),
    {
      prefetch: async ({ queryClient }) => {
        const { auditOperationsQuery, auditStatsQuery } = await import('@/api/audit');
        await Promise.all([
          queryClient.prefetchQuery(auditStatsQuery()),
          queryClient.prefetchQuery(auditOperationsQuery()),
        ]);
      },
    },
  ),
];
