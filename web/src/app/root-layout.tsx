import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster';
import { useSession } from '../lib/session';
import { useRouteTitle } from './use-route-title';

/**
 * Above every route: names the tab after the screen, and clears the previous user's cached data at
 * sign-out (a forced logout's trip to sign-in is the router's: `redirectOnAuthFailure`).
 */
export function RootLayout() {
  const session = useSession();
  const queryClient = useQueryClient();
  useRouteTitle();

  // Whoever signs in next must not see the previous user's cached data, even briefly. Only on the
  // change from signed in to signed out: clearing on first render would orphan queries the page has
  // just started, leaving them loading forever.
  const hadSession = useRef(session !== null);
  useEffect(() => {
    if (session === null && hadSession.current) queryClient.clear();
    hadSession.current = session !== null;
  }, [session, queryClient]);

  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
