import { Box, Flex, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useMediaQuery } from '@/lib/use-media-query';
import { AppHeader } from './app-header';
import {
  HEADER_HEIGHT,
  MOBILE_QUERY,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
} from './layout-sizes';
import { SidebarNav } from './sidebar-nav';

// Opens a second after the page loads at the earliest: its code (and the release schemas, zod) loads
// after the shell has rendered, not with it (issue 14).
const WhatsNewModal = lazy(() =>
  import('@/features/whats-new/components/whats-new-modal').then((module) => ({
    default: module.WhatsNewModal,
  })),
);

// Only small screens render the drawer; its code (the dialog machinery) loads when they do.
const MobileMenu = lazy(() =>
  import('./mobile-menu').then((module) => ({ default: module.MobileMenu })),
);

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
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} title="Deskline">
            <SidebarNav onNavigate={closeMenu} />
          </MobileMenu>
        </Suspense>
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
      <Suspense fallback={null}>
        <WhatsNewModal />
      </Suspense>
    </Flex>
  );
}
