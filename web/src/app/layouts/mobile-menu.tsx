import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { HEADER_HEIGHT, SIDEBAR_WIDTH } from '@/config/layout-sizes';

/**
 * A shell's sidebar as a drawer on small screens (spec 000 §2): the staff shell's at the sidebar's
 * width, the trader area's over the whole screen (`fullScreen`).
 */
export function MobileMenu({
  open,
  onClose,
  title,
  fullScreen = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  fullScreen?: boolean;
  /** The navigation, which calls `onClose` when a link is followed. */
  children: ReactNode;
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="start"
      {...(fullScreen && { size: 'full' as const })}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content {...(!fullScreen && { maxW: `${SIDEBAR_WIDTH}px` })}>
            <Drawer.Header
              minH={`${HEADER_HEIGHT}px`}
              py="0"
              alignItems="center"
              {...(!fullScreen && { borderBottomWidth: '1px' })}
            >
              <Drawer.Title color="blue.fg">{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0">{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
