import { Box, Flex, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuTrash2 } from 'react-icons/lu';

/**
 * One entry of a repeated part of a form (a firm's broker, a broker's management account): a named
 * group with its heading and a remove button, then its fields. `compact` is for an entry nested in
 * another one.
 */
export function RepeatedGroup({
  label,
  heading,
  removeLabel,
  onRemove,
  compact = false,
  children,
}: {
  /** The group's accessible name ('Broker 2'). */
  label: string;
  heading: ReactNode;
  removeLabel: string;
  onRemove: () => void;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Box borderWidth="1px" rounded="md" p={compact ? '3' : '4'} role="group" aria-label={label}>
      <Flex justify="space-between" align="center" mb={compact ? '2' : '3'}>
        {heading}
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={removeLabel}
          onClick={onRemove}
        >
          <LuTrash2 />
        </IconButton>
      </Flex>
      {children}
    </Box>
  );
}
