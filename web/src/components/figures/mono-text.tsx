import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An identifier (account, trader, firm) in the monospace face, inline in its line. */
export function Mono({ children }: { children: ReactNode }) {
  return (
    <Text as="span" fontFamily="mono">
      {children}
    </Text>
  );
}
