import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ColorModeProvider } from '../components/ui/color-mode';
import { createQueryClient } from '../lib/query-client';
import { system } from './theme';

/** Everything the screens need around them; tests pass their own query client. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
