import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { authStatusSchema } from '@shared/membership/membership-session';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { apiClient } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';

/**
 * /trader-dashboard (decision 4), where sign-in lands (decision 42): a trader goes to their own
 * dashboard (with the distance of each active account to its limits), staff to /traders. The trader
 * id is the one the server put in the verified token (`GET /api/auth/status`), not a stored value. A
 * member without a trading record has no dashboard: they go to the trader hub, not the static
 * /trader-interface placeholder (which stays registered, as the spec lists it).
 */
export function TraderDashboardRedirect() {
  const session = useSession();
  const isTrader = session?.user.role === 'trader';
  const status = useQuery({
    queryKey: ['auth-status', session?.user.user_id ?? ''],
    enabled: isTrader,
    queryFn: ({ signal }) =>
      apiClient.get('/api/auth/status', { schema: authStatusSchema, signal }),
  });
  if (session === null) return <Navigate to={paths.traderLogin.href()} replace />;
  if (!isTrader) return <Navigate to={paths.traders.href()} replace />;
  if (status.isPending) return <PageLoading label="Loading..." />;
  if (status.isError) {
    return (
      <PageError
        title="Error loading trader data"
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  }
  const traderId = status.data.user?.traderId;
  return (
    <Navigate
      to={traderId ? paths.traderDashboard.href({ id: traderId }) : paths.traderHub.href()}
      replace
    />
  );
}
