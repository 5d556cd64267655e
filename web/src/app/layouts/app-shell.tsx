import { Box, Flex, IconButton, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { LuMenu, LuPanelLeftClose, LuPanelLeftOpen } from 'react-icons/lu';
import { Outlet } from 'react-router-dom';
import type { SidebarNavProps } from '@/components/ui/sidebar-item';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/ui/skip-link';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  HEADER_HEIGHT,
  MOBILE_QUERY,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
} from '@/config/layout-sizes';

// Opens a second after the page loads at the earliest: its code (and the release schemas, zod) loads
// after the shell has rendered, not with it. Staff and traders both get the release notes.
const WhatsNewModal = lazy(() =>
  import('@/features/whats-new/components/whats-new-modal').then((module) => ({
    default: module.WhatsNewModal,
  })),
);

// Only small screens render the drawer; its code (the dialog machinery) loads when they do.
const MobileMenu = lazy(() =>
  import('./mobile-menu').then((module) => ({ default: module.MobileMenu })),
);

export interface AppShellProps {
  /** The sidebar's accessible name. */
  sidebarLabel: string;
  /** The shell's name, atop the sidebar and the drawer. */
  title: string;
  /** The name the collapsed sidebar shows; without it the collapsed sidebar shows no name. */
  compactTitle?: string;
  /**
   * The header's content after its menu (or sidebar) button; it is told whether the screen is
   * small. Without a header the shell has none on wide screens (the sidebar's own row holds the
   * collapse button) and, on small screens, a bar with the menu button and the shell's name.
   */
  header?: (isMobile: boolean) => ReactNode;
  /** The sidebar's content, also the drawer's on small screens. */
  nav: (props: SidebarNavProps) => ReactNode;
  /** The drawer covers the whole screen rather than the sidebar's width. */
  fullScreenMenu?: boolean;
  /** Less room around the page (the trader area, often shown inside the membership site's frame). */
  compact?: boolean;
}

function SidebarToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  return (
    <IconButton aria-label="Toggle sidebar" variant="ghost" size="sm" onClick={onToggle}>
      {collapsed ? <LuPanelLeftOpen /> : <LuPanelLeftClose />}
    </IconButton>
  );
}

/** The sidebar's first row, as high as the header: the shell's name, and the toggle when it sits here. */
function Brand({ name, toggle }: { name?: string; toggle?: ReactNode }) {
  return (
    <Flex
      h={`${HEADER_HEIGHT}px`}
      align="center"
      justify={name && toggle ? 'space-between' : 'center'}
      px="3"
      borderBottomWidth="1px"
    >
      {name && (
        <Text fontWeight="bold" fontSize="lg" color="blue.fg">
          {name}
        </Text>
      )}
      {toggle}
    </Flex>
  );
}

function Sidebar({
  label,
  collapsed,
  children,
}: {
  label: string;
  collapsed: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      as="aside"
      aria-label={label}
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
      {children}
    </Box>
  );
}

function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <Flex
      as="header"
      h={`${HEADER_HEIGHT}px`}
      px="4"
      gap="3"
      align="center"
      borderBottomWidth="1px"
      bg="bg.panel"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      {children}
    </Flex>
  );
}

/**
 * The one shell of the staff and the trader area (spec 000 §2, §9): a skip link, a sidebar 250 px
 * wide or 60 px collapsed, a 60 px header, and up to 768 px wide a hamburger that opens the sidebar's
 * navigation as a drawer. The page renders in `<main>`.
 */
export function AppShell({
  sidebarLabel,
  title,
  compactTitle,
  header,
  nav,
  fullScreenMenu = false,
  compact = false,
}: AppShellProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const toggle = (
    <SidebarToggle collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
  );

  return (
    <>
      <SkipLink />
      <Flex minH="100vh">
        {isMobile ? (
          <Suspense fallback={null}>
            <MobileMenu
              open={menuOpen}
              onClose={closeMenu}
              title={title}
              fullScreen={fullScreenMenu}
            >
              {nav({ collapsed: false, onNavigate: closeMenu })}
            </MobileMenu>
          </Suspense>
        ) : (
          <Sidebar label={sidebarLabel} collapsed={collapsed}>
            <Brand name={collapsed ? compactTitle : title} toggle={header ? undefined : toggle} />
            {nav({ collapsed })}
          </Sidebar>
        )}
        <Flex direction="column" flex="1" minW="0">
          {(header || isMobile) && (
            <HeaderBar>
              {isMobile ? (
                <IconButton
                  aria-label="Open menu"
                  variant="ghost"
                  size="sm"
                  onClick={() => setMenuOpen(true)}
                >
                  <LuMenu />
                </IconButton>
              ) : (
                toggle
              )}
              {header ? (
                header(isMobile)
              ) : (
                <Text fontWeight="bold" color="blue.fg">
                  {title}
                </Text>
              )}
            </HeaderBar>
          )}
          <Box
            as="main"
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            outline="none"
            flex="1"
            p={compact ? { base: '3', md: '6' } : { base: '4', md: '8' }}
          >
            <Outlet />
          </Box>
        </Flex>
        <Suspense fallback={null}>
          <WhatsNewModal />
        </Suspense>
      </Flex>
    </>
  );
}
