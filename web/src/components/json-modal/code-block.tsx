import { Box } from '@chakra-ui/react';

/**
 * Stored JSON or code as it is, in a shaded monospace block. It scrolls when long, so it takes focus
 * for the keyboard to scroll it (WCAG 2.1.1); `maxH` caps its height.
 */
export function CodeBlock({
  label,
  maxH,
  children,
}: {
  label?: string;
  maxH?: string;
  children: string;
}) {
  return (
    <Box
      as="pre"
      aria-label={label}
      tabIndex={0}
      fontFamily="mono"
      fontSize="xs"
      bg="bg.muted"
      p="3"
      rounded="md"
      maxH={maxH}
      overflow="auto"
    >
      {children}
    </Box>
  );
}
