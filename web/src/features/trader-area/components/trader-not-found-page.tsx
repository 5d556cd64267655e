import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The trader area's own not-found page (decision 5): back to the hub, not to the admin home. */
export function TraderNotFoundPage() {
  return (
    <VStack py="16" gap="4" textAlign="center">
      <Heading as="h1" size="2xl">
        Page Not Found
      </Heading>
      <Text color="fg.muted">This page is not part of the trader area.</Text>
      <Button asChild>
        <RouterLink to={paths.traderHub.href()}>Back to the Trader Hub</RouterLink>
      </Button>
    </VStack>
  );
}
