import { Button, Icon, Text } from '@chakra-ui/react';
import { LuSparkles } from 'react-icons/lu';
import { whatsNewStorage } from '../modal-decision';
import { reloadPage } from '../reload-page';

/**
 * The sidebar's 'What's New' (spec 000 §2): forgets the last version seen and this session's flag,
 * then reloads, so the modal opens again with the current release.
 */
export function WhatsNewNavItem({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      w="full"
      justifyContent={collapsed ? 'center' : 'flex-start'}
      gap="3"
      px="3"
      fontWeight="normal"
      aria-label={collapsed ? "What's New" : undefined}
      title={collapsed ? "What's New" : undefined}
      onClick={() => {
        whatsNewStorage.reset();
        reloadPage();
      }}
    >
      <Icon as={LuSparkles} boxSize="4" aria-hidden />
      {!collapsed && <Text as="span">What&apos;s New</Text>}
    </Button>
  );
}
