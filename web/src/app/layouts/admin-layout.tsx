import { Box, CloseButton, Drawer, Flex, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { WhatsNewModal } from '../../features/whats-new/components/whats-new-modal';
import { useMediaQuery } from '../../lib/use-media-query';
import { AppHeader } from './app-header';
import {
  HEADER_HEIGHT,
  MOBILE_QUERY,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
} from './layout-sizes';
import { SidebarNav } from './sidebar-nav';

function Brand({ compact }: { compact: boolean }) {
  return (
    <Flex h={`${HEADER_HEIGHT}px`} align="center" justify="center" borderBottomWidth="1px">
      <Text fontWeight="bold" fontSize="lg" color="blue.fg">
        {compact ? 'D' : 'Deskline'}
      </Text>
    </Flex>
  );
}

/** The admin shell (spec 000 §2): header, collapsible sidebar, and a drawer on small screens. */
export function AdminLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <Flex minH="100vh">
      {!isMobile && (
        <Box
          as="aside"
          aria-label="Sidebar"
          data-state={collapsed ? 'collapsed' : 'expanded'}
          // Inline so the width is exact and observable; the numbers are the spec's.
          style={{ width: `${collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH}px` }}
          flexShrink={0}
          borderEndWidth="1px"
          bg="bg.panel"
          position="sticky"
          top="0"
          h="100vh"
          overflowY="auto"
          overflowX="hidden"
          transition="width 0.2s ease"
        >
          <Brand compact={collapsed} />
          <SidebarNav collapsed={collapsed} />
        </Box>
      )}
      {isMobile && (
        <Drawer.Root
          open={menuOpen}
          onOpenChange={(details) => setMenuOpen(details.open)}
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
                  <SidebarNav onNavigate={closeMenu} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close menu" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <Flex direction="column" flex="1" minW="0">
        <AppHeader
          isMobile={isMobile}
          sidebarCollapsed={collapsed}
          onToggleSidebar={() => setCollapsed((value) => !value)}
          onOpenMenu={() => setMenuOpen(true)}
        />
        <Box as="main" flex="1" p={{ base: '4', md: '8' }}>
          <Outlet />
        </Box>
      </Flex>
      <WhatsNewModal />
    </Flex>
  );
}
