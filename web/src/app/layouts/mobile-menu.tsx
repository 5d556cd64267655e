import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { HEADER_HEIGHT, SIDEBAR_WIDTH } from './layout-sizes';
import { SidebarNav } from './sidebar-nav';

/** The sidebar as a drawer on small screens (spec 000 §2). */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="start"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`${SIDEBAR_WIDTH}px`}>
            <Drawer.Header
              minH={`${HEADER_HEIGHT}px`}
              py="0"
              alignItems="center"
              borderBottomWidth="1px"
            >
              <Drawer.Title color="blue.fg">Deskline</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0">
              <SidebarNav onNavigate={onClose} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
