import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster';
import { onAuthFailure } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useRouteTitle } from './use-route-title';
import { paths } from '@/config/paths';

/**
 * Above every route: names the tab after the screen, and turns a forced logout from the API client into a trip to the sign-in screen of
 * whoever was signed in, which says why (decision 39; the client has stored the notice).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  useRouteTitle();

  useEffect(
    () =>
      onAuthFailure((_message, wasTrader) => {
        void navigate(wasTrader ? paths.traderLogin.href() : paths.signIn.href(), {
          replace: true,
        });
      }),
    [navigate],
  );

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
