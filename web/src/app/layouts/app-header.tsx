import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { LuLogIn, LuLogOut } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ColorModeButton } from '@/components/ui/color-mode';
import { logout as endSession } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';

/**
 * The staff header's content after the shell's menu button: the panel's name and, at the end, the
 * theme toggle and who is signed in.
 */
export function AppHeader({ isMobile }: { isMobile: boolean }) {
  const session = useSession();
  const navigate = useNavigate();

  const logout = () => {
    void endSession();
    void navigate(paths.signIn.href());
  };

  return (
    <>
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
            <RouterLink to={paths.signIn.href()}>
              <LuLogIn /> Login
            </RouterLink>
          </Button>
        )}
      </HStack>
    </>
  );
}
