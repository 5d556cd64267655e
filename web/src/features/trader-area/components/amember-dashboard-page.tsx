import { Box, Heading, Stack } from '@chakra-ui/react';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { useTraderAreaConfig } from '@/api/amember';
import { FRAME_SANDBOX } from '../hub-sections';
import { TraderAccessGate } from './trader-access-gate';

/** /amember-dashboard (spec 001 §2.23): the member area in a full-size frame. */
export function AmemberDashboardPage() {
  const config = useTraderAreaConfig();
  return (
    <TraderAccessGate
      returnTo="amember-dashboard"
      target={config.data?.memberPages.dashboard}
      checkingTitle="Checking Trader Hub Access"
    >
      <Stack gap="4" h="full">
        <Heading as="h1" size="2xl">
          Amember Dashboard
        </Heading>
        {config.isPending ? (
          <PageLoading label="Loading..." />
        ) : config.isError ? (
          <PageError
            title="Unable to load the member area"
            error={config.error}
            onRetry={() => void config.refetch()}
          />
        ) : (
          <Box flex="1" minH="80vh" borderWidth="1px" rounded="md" overflow="hidden">
            <iframe
              title="Amember Dashboard"
              src={config.data.memberPages.dashboard}
              sandbox={FRAME_SANDBOX}
              style={{ width: '100%', height: '100%', minHeight: '80vh', border: 0 }}
            />
          </Box>
        )}
      </Stack>
    </TraderAccessGate>
  );
}
