import { Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { LuLogIn, LuLogOut, LuMenu, LuPanelLeftClose, LuPanelLeftOpen } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ColorModeButton } from '@/components/ui/color-mode';
import { logout as endSession } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { HEADER_HEIGHT } from './layout-sizes';

export function AppHeader({
  isMobile,
  sidebarCollapsed,
  onToggleSidebar,
  onOpenMenu,
}: {
  isMobile: boolean;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  onOpenMenu: () => void;
}) {
  const session = useSession();
  const navigate = useNavigate();

  const logout = () => {
    void endSession();
    void navigate('/signin');
  };

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
      {isMobile ? (
        <IconButton aria-label="Open menu" variant="ghost" size="sm" onClick={onOpenMenu}>
          <LuMenu />
        </IconButton>
      ) : (
        <IconButton aria-label="Toggle sidebar" variant="ghost" size="sm" onClick={onToggleSidebar}>
          {sidebarCollapsed ? <LuPanelLeftOpen /> : <LuPanelLeftClose />}
        </IconButton>
      )}
      {/* A phone keeps the user's name in view: the title shortens and Logout becomes an icon. */}
      <Text fontWeight="semibold" fontSize="lg" truncate flexShrink={0}>
        {isMobile ? 'Admin' : 'Administration Panel'}
      </Text>
      <HStack ms="auto" gap="2" minW="0">
        <ColorModeButton />
        {session ? (
          <>
            <Text fontSize="sm" color="fg.muted" truncate maxW={isMobile ? '32' : '40'}>
              {session.user.name || 'User'}
            </Text>
            {isMobile ? (
              <IconButton
                size="sm"
                variant="outline"
                aria-label="Logout"
                title="Logout"
                onClick={logout}
              >
                <LuLogOut />
              </IconButton>
            ) : (
              <Button size="sm" variant="outline" onClick={logout}>
                <LuLogOut /> Logout
              </Button>
            )}
          </>
        ) : (
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/signin">
              <LuLogIn /> Login
            </RouterLink>
          </Button>
        )}
      </HStack>
    </Flex>
  );
}
