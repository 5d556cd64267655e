import { lazy, Suspense } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router-dom';
import { unknownSectionRedirect } from '@/features/trader-area/hub-sections';
import { useSession } from '@/lib/session';
import { AdminLayout } from './admin-layout';

/** Where a trader's own area starts (the trader hub). */
export const TRADER_HOME = '/trader-accounts';

/**
 * Pages of the staff's tree that also show a trader their own records (their API routes are
 * `trader-self`): reached from the trader's dashboard, they open in the trader area's layout.
 */
export const TRADER_READABLE_PAGES = [
  '/traders/:traderId',
  '/traders/:id/details',
  '/traders/:id/overview',
  '/traders/:id/accounts',
  '/summaries/trader/:traderId',
  '/summaries/account/:accountId',
  '/summaries/account/:accountId/detail',
  '/performance/daily/:accountId/:date',
  // Linked from the pages above (issue 24: a trader following links from their dashboard stays in
  // the trader layout); both read the trader-self `/api/performance/account/{accountId}/{date}`.
  '/sync/conformance/detail',
  '/traders/:id/performance/:accountId/:date',
] as const;

// Only a trader's session renders it: its code loads then, not with the staff shell.
const TraderAreaLayout = lazy(() =>
  import('@/features/trader-area/components/trader-area-layout').then((module) => ({
    default: module.TraderAreaLayout,
  })),
);

/**
 * The staff's pages. A trader who opens one (a bookmark, a shared link) never gets the staff shell:
 * a page that shows them their own records opens in the trader area's layout, any other sends them
 * to the trader hub before a staff screen renders or asks the API. Not the security control (the
 * API checks every route's role); it spares the trader a shell of 403s (issue 23).
 */
export function StaffLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session?.user.role !== 'trader') return <AdminLayout />;
  // `/traders/{name}` that is not the trader's own id: an unknown hub section (issue 24 #29).
  const unknownSection = unknownSectionRedirect(pathname, session.user.traderId);
  if (unknownSection) return <Navigate {...unknownSection} replace />;
  if (TRADER_READABLE_PAGES.some((pattern) => matchPath(pattern, pathname))) {
    return (
      <Suspense fallback={null}>
        <TraderAreaLayout />
      </Suspense>
    );
  }
  return <Navigate to={TRADER_HOME} replace />;
}
