import { Box, Icon, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { ForceAllUpdateButton } from '@/features/programs/components/force-all-update-button';
import { WhatsNewNavItem } from '@/features/whats-new/components/whats-new-nav-item';
import { navSections } from './nav-items';

/**
 * The section links, shared by the desktop sidebar and the mobile drawer. Collapsed, only icons show;
 * each link keeps its label as its accessible name and tooltip.
 */
export function SidebarNav({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Stack as="nav" aria-label="Main navigation" gap="4" py="4" px="2">
      {navSections.map((section) => (
        <Box key={section.title} role="group" aria-label={section.title}>
          {collapsed ? (
            <Separator mb="2" />
          ) : (
            <Text
              px="3"
              mb="1"
              fontSize="xs"
              fontWeight="semibold"
              textTransform="uppercase"
              letterSpacing="wider"
              color="fg.muted"
            >
              {section.title}
            </Text>
          )}
          <Stack gap="0.5">
            {section.items.map((item) => (
              <Link
                key={item.to}
                asChild
                display="flex"
                alignItems="center"
                gap="3"
                px="3"
                py="2"
                rounded="md"
                fontSize="sm"
                color="fg"
                justifyContent={collapsed ? 'center' : 'flex-start'}
                textDecoration="none"
                _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg' }}
                colorPalette="blue"
              >
                <NavLink
                  to={item.to}
                  end
                  onClick={onNavigate}
                  aria-label={collapsed ? item.label : undefined}
                  title={collapsed ? item.label : undefined}
                >
                  <Icon as={item.icon} boxSize="4" flexShrink={0} aria-hidden />
                  {!collapsed && <span>{item.label}</span>}
                </NavLink>
              </Link>
            ))}
          </Stack>
        </Box>
      ))}
      <Box role="group" aria-label="Extras">
        {collapsed ? (
          <Separator mb="2" />
        ) : (
          <Text
            px="3"
            mb="1"
            fontSize="xs"
            fontWeight="semibold"
            textTransform="uppercase"
            letterSpacing="wider"
            color="fg.muted"
          >
            Extras
          </Text>
        )}
        <ForceAllUpdateButton collapsed={collapsed} />
        <WhatsNewNavItem collapsed={collapsed} />
      </Box>
    </Stack>
  );
}
