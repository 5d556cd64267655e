import { Avatar, Box, Button, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuLogOut } from 'react-icons/lu';
import { ColorModeButton } from '@/components/ui/color-mode';
import { SidebarHeading, SidebarItem, type SidebarNavProps } from '@/components/ui/sidebar-item';
import { useSession } from '@/lib/session';
import { readBrokerHints } from '../trader-storage';
import { ADMINISTRATION_ITEMS, traderNavItems } from '../trader-nav-items';
import { TraderDebugBlock } from './trader-debug-block';
import { useTraderLogout } from './use-trader-logout';

/** The trader id for the sidebar's dashboard link: the session's own, else the stored broker user id. */
function dashboardId(traderId: string | undefined): string | null {
  return traderId ?? readBrokerHints().rithmicUserId;
}

/**
 * The trader-side sidebar (spec 000 §2): the trader's pages, the Administration section for role
 * admin only, and, expanded, the user's avatar, name and email, theme toggle, logout and debug block.
 */
export function TraderSidebar({ collapsed, onNavigate }: SidebarNavProps) {
  const session = useSession();
  const logout = useTraderLogout();
  const user = session?.user;
  const name = user?.name || user?.username || 'User';
  const items = traderNavItems(dashboardId(user?.traderId));

  return (
    <Stack gap="4" p={collapsed ? '2' : '3'}>
      {!collapsed && (
        <Flex gap="3" align="center">
          <Avatar.Root size="sm" colorPalette="blue">
            <Avatar.Fallback>{name.charAt(0).toUpperCase()}</Avatar.Fallback>
          </Avatar.Root>
          <Box minW="0" flex="1">
            <Text fontWeight="semibold" truncate>
              {name}
            </Text>
            <Text fontSize="xs" color="fg.muted" truncate>
              {user?.email ?? 'Not signed in'}
            </Text>
          </Box>
        </Flex>
      )}
      {!collapsed && (
        <Flex gap="2" align="center">
          <ColorModeButton />
          <Button size="sm" variant="outline" flex="1" onClick={logout}>
            <LuLogOut /> Logout
          </Button>
        </Flex>
      )}
      {collapsed && (
        <IconButton aria-label="Logout" variant="ghost" size="sm" onClick={logout}>
          <LuLogOut />
        </IconButton>
      )}
      <Stack as="nav" aria-label="Trader navigation" gap="1">
        {items.map((item) => (
          <SidebarItem key={item.label} {...item} collapsed={collapsed} onClick={onNavigate} />
        ))}
      </Stack>
      {user?.role === 'admin' && (
        <Stack as="nav" aria-label="Administration" gap="1">
          <SidebarHeading title="Administration" collapsed={collapsed} />
          {ADMINISTRATION_ITEMS.map((item) => (
            <SidebarItem key={item.label} {...item} collapsed={collapsed} onClick={onNavigate} />
          ))}
        </Stack>
      )}
      {!collapsed && <TraderDebugBlock />}
    </Stack>
  );
}
