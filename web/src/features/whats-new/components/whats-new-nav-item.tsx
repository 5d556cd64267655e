import { LuSparkles } from 'react-icons/lu';
import { SidebarItem } from '@/components/ui/sidebar-item';
import { whatsNewStorage } from '../modal-decision';
import { reloadPage } from '../reload-page';

/**
 * The sidebar's 'What's New' (spec 000 §2): forgets the last version seen and this session's flag,
 * then reloads, so the modal opens again with the current release.
 */
export function WhatsNewNavItem({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <SidebarItem
      label="What's New"
      icon={LuSparkles}
      collapsed={collapsed}
      onClick={() => {
        whatsNewStorage.reset();
        reloadPage();
      }}
    />
  );
}
