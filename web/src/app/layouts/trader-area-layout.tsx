import { MembershipProvider } from '@/features/trader-area/components/membership-context';
import { TraderSidebar } from '@/features/trader-area/components/trader-sidebar';
import { AppShell } from './app-shell';

/**
 * The trader area's own layout (decision 5): the trader-side sidebar, whose first row holds the
 * collapse button, and no header on wide screens; up to 768 px wide a hamburger slides the sidebar
 * in over the full width (spec 000 §2, §9).
 */
export function TraderAreaLayout() {
  return (
    <MembershipProvider>
      <AppShell
        sidebarLabel="Trader sidebar"
        title="Trader Area"
        nav={(props) => <TraderSidebar {...props} />}
        fullScreenMenu
        compact
      />
    </MembershipProvider>
  );
}
