import { Box, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SidebarHeading, SidebarItem, type SidebarNavProps } from '@/components/ui/sidebar-item';
import { ForceAllUpdateButton } from '@/features/programs/components/force-all-update-button';
import { WhatsNewNavItem } from '@/features/whats-new/components/whats-new-nav-item';
import { navSections } from './nav-items';

function NavGroup({
  title,
  collapsed,
  children,
}: {
  title: string;
  collapsed: boolean;
  children: ReactNode;
}) {
  return (
    <Box role="group" aria-label={title}>
      <SidebarHeading title={title} collapsed={collapsed} />
      <Stack gap="0.5">{children}</Stack>
    </Box>
  );
}

/**
 * The staff's sections of links, shared by the desktop sidebar and the mobile drawer, and the two
 * actions under Extras.
 */
export function SidebarNav({ collapsed, onNavigate }: SidebarNavProps) {
  return (
    <Stack as="nav" aria-label="Main navigation" gap="4" py="4" px="2">
      {navSections.map((section) => (
        <NavGroup key={section.title} title={section.title} collapsed={collapsed}>
          {section.items.map((item) => (
            <SidebarItem key={item.to} {...item} collapsed={collapsed} onClick={onNavigate} />
          ))}
        </NavGroup>
      ))}
      <NavGroup title="Extras" collapsed={collapsed}>
        <ForceAllUpdateButton collapsed={collapsed} />
        <WhatsNewNavItem collapsed={collapsed} />
      </NavGroup>
    </Stack>
  );
}
