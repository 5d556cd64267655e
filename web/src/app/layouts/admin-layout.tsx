import { AppHeader } from './app-header';
import { AppShell } from './app-shell';
import { SidebarNav } from './sidebar-nav';

/** The staff's shell (spec 000 §2): the admin header, and the sections' links in the sidebar. */
export function AdminLayout() {
  return (
    <AppShell
      sidebarLabel="Sidebar"
      title="Deskline"
      compactTitle="D"
      header={(isMobile) => <AppHeader isMobile={isMobile} />}
      nav={(props) => <SidebarNav {...props} />}
    />
  );
}
