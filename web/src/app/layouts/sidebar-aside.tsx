import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './layout-sizes';

/**
 * The sticky sidebar of the admin and trader shells on wide screens (spec 000 §2): full height,
 * `SIDEBAR_WIDTH` wide or `SIDEBAR_COLLAPSED_WIDTH` when collapsed, the width eased.
 */
export function SidebarAside({
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
