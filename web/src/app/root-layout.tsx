import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { Toaster, toaster } from '../components/ui/toaster';
import { onAuthFailure } from '../lib/api-client';
import { useSession } from '../lib/session';

/** Above every route: turns a forced logout from the API client into a toast and a trip to sign-in. */
export function RootLayout() {
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onAuthFailure((message) => {
        // One id, so a burst of failing requests shows one toast, not one per request.
        toaster.create({ id: 'auth-failed', type: 'error', title: message, closable: true });
        void navigate('/signin', { replace: true });
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
