import { Button, Icon, Separator, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { NavLink } from 'react-router-dom';

/** What a shell tells its sidebar's content: collapsed to icons, and what following a link also does. */
export interface SidebarNavProps {
  collapsed: boolean;
  /** Closes the drawer on small screens. */
  onNavigate?: () => void;
}

/**
 * One entry of a shell's sidebar, the staff's and the trader area's alike: a link (`to`) or an
 * action (`onClick` alone). Collapsed, only the icon shows and the label stays its accessible name
 * and tooltip. The page a link leads to is marked.
 */
export function SidebarItem({
  label,
  icon,
  collapsed,
  to,
  onClick,
  colorPalette,
  loading,
}: {
  label: string;
  icon: IconType;
  collapsed: boolean;
  to?: string;
  /** The action; beside `to`, what else following the link does (closing the drawer). */
  onClick?: () => void;
  /** An action's colour (a warning's orange); links and plain actions read in the text colour. */
  colorPalette?: string;
  loading?: boolean;
}) {
  const name = collapsed ? { 'aria-label': label, title: label } : {};
  const content = (
    <>
      <Icon as={icon} boxSize="4" flexShrink={0} aria-hidden />
      {!collapsed && <Text as="span">{label}</Text>}
    </>
  );
  return (
    <Button
      variant="ghost"
      size="sm"
      w="full"
      justifyContent={collapsed ? 'center' : 'flex-start'}
      gap="3"
      px="3"
      fontWeight="normal"
      colorPalette={colorPalette ?? 'blue'}
      color={colorPalette ? undefined : 'fg'}
      _hover={{ bg: 'bg.muted' }}
      _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg' }}
      asChild={to !== undefined}
      loading={loading}
      {...(to === undefined && { onClick, ...name })}
    >
      {to === undefined ? (
        content
      ) : (
        <NavLink to={to} end onClick={onClick} {...name}>
          {content}
        </NavLink>
      )}
    </Button>
  );
}

/** A sidebar section's title; collapsed to icons, a rule in its place. */
export function SidebarHeading({ title, collapsed }: { title: string; collapsed: boolean }) {
  return collapsed ? (
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
      {title}
    </Text>
  );
}
