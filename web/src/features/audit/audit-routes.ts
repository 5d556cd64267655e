import type { RouteObject } from 'react-router-dom';

/** The audit trail (spec 001 §2.14). */
export const auditRoutes: RouteObject[] = [
  {
    path: 'audit',
    lazy: () => import('./components/audit-page').then((m) => ({ Component: m.AuditPage })),
  },
];
