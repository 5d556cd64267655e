import { Box, Flex, IconButton, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuMenu, LuPanelLeftClose, LuPanelLeftOpen } from 'react-icons/lu';
import { Outlet } from 'react-router-dom';
import {
  HEADER_HEIGHT,
  MOBILE_QUERY,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
} from '@/app/layouts/layout-sizes';
import { MobileMenu } from '@/app/layouts/mobile-menu';
import { useMediaQuery } from '@/lib/use-media-query';
import { MembershipProvider } from './membership-context';
import { TraderSidebar } from './trader-sidebar';

// Traders get the release notes too (issue 24 #25); like the admin shell's, its code loads after the
// layout has rendered.
const WhatsNewModal = lazy(() =>
  import('@/features/whats-new/components/whats-new-modal').then((module) => ({
    default: module.WhatsNewModal,
  })),
);

function Brand({ compact, onToggle }: { compact: boolean; onToggle?: () => void }) {
  return (
    <Flex
      h={`${HEADER_HEIGHT}px`}
      align="center"
      justify={compact ? 'center' : 'space-between'}
      px="3"
      borderBottomWidth="1px"
    >
      {!compact && (
        <Text fontWeight="bold" fontSize="lg" color="blue.fg">
          Trader Area
        </Text>
      )}
      {onToggle && (
        <IconButton aria-label="Toggle sidebar" variant="ghost" size="sm" onClick={onToggle}>
          {compact ? <LuPanelLeftOpen /> : <LuPanelLeftClose />}
        </IconButton>
      )}
    </Flex>
  );
}

/**
 * The trader area's own layout (decision 5): the trader-side sidebar, 250 px or 60 px collapsed; up
 * to 768 px wide a hamburger slides it in over the full width (spec 000 §2, §9).
 */
export function TraderAreaLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <MembershipProvider>
      <Flex minH="100vh" direction={isMobile ? 'column' : 'row'}>
        {!isMobile && (
          <Box
            as="aside"
            aria-label="Trader sidebar"
            data-state={collapsed ? 'collapsed' : 'expanded'}
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
            <Brand compact={collapsed} onToggle={() => setCollapsed((value) => !value)} />
            <TraderSidebar collapsed={collapsed} />
          </Box>
        )}
        {isMobile && (
          <>
            <Flex
              as="header"
              h={`${HEADER_HEIGHT}px`}
              px="3"
              gap="2"
              align="center"
              borderBottomWidth="1px"
              bg="bg.panel"
              position="sticky"
              top="0"
              zIndex="sticky"
            >
              <IconButton
                aria-label="Open menu"
                variant="ghost"
                size="sm"
                onClick={() => setMenuOpen(true)}
              >
                <LuMenu />
              </IconButton>
              <Text fontWeight="bold" color="blue.fg">
                Trader Area
              </Text>
            </Flex>
            <MobileMenu open={menuOpen} onClose={closeMenu} title="Trader Area" fullScreen>
              <TraderSidebar collapsed={false} onNavigate={closeMenu} />
            </MobileMenu>
          </>
        )}
        <Box as="main" flex="1" minW="0" p={{ base: '3', md: '6' }}>
          <Outlet />
        </Box>
      </Flex>
      <Suspense fallback={null}>
        <WhatsNewModal />
      </Suspense>
    </MembershipProvider>
  );
}
