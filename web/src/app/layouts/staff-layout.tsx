import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getSession, useSession } from '@/lib/session';
import type { LayoutHandle } from '@/lib/routing';
import { AdminLayout } from './admin-layout';
import { staffAccess } from './staff-access';

// Only a trader's session renders it: its code loads then, not with the staff shell.
const TraderAreaLayout = lazy(() =>
  import('./trader-area-layout').then((module) => ({
    default: module.TraderAreaLayout,
  })),
);

/**
 * The staff's pages. A trader who opens one (a bookmark, a shared link) never gets the staff shell:
 * a page that shows them their own records opens in the trader area's layout, any other sends them
 * to the trader hub before a staff screen renders or asks the API. Not the security control (the
 * API checks every route's role); it spares the trader a shell of 403s.
 */
export function StaffLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const access = staffAccess(session, pathname);
  if (access.kind === 'staff') return <AdminLayout />;
  if (access.kind === 'redirect') return <Navigate to={access.to} state={access.state} replace />;
  return (
    <Suspense fallback={null}>
      <TraderAreaLayout />
    </Suspense>
  );
}

/** The staff screens' loaders start no request for a trader this layout sends away. */
export const staffLayoutHandle: LayoutHandle = {
  prefetchIf: (pathname) => staffAccess(getSession(), pathname).kind !== 'redirect',
};
