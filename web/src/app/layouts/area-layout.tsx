import { NotFoundPage } from '@/app/not-found-page';
import { useSession } from '@/lib/session';
import { AdminLayout } from './admin-layout';
import { TraderAreaLayout } from './trader-area-layout';

/**
 * Pages both staff and traders open (a trader's own dashboard, an unknown address): a trader sees
 * them in the trader area's layout, everyone else in the admin layout (decision 5).
 */
export function AreaLayout() {
  const session = useSession();
  return session?.user.role === 'trader' ? <TraderAreaLayout /> : <AdminLayout />;
}

export function AreaNotFoundPage() {
  const session = useSession();
  return <NotFoundPage area={session?.user.role === 'trader' ? 'trader' : 'staff'} />;
}
