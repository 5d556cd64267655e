import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

/** What each area says of an unknown address, and where it sends the reader back to. */
const AREAS = {
  staff: {
    message: 'The page you are looking for does not exist or has not been built yet.',
    back: 'Back to Home',
    to: paths.home.href(),
  },
  // The trader area's own (decision 5): back to the hub, not to the admin home.
  trader: {
    message: 'This page is not part of the trader area.',
    back: 'Back to the Trader Hub',
    to: paths.traderHub.href(),
  },
};

export function NotFoundPage({ area }: { area: keyof typeof AREAS }) {
  const { message, back, to } = AREAS[area];
  return (
    <VStack py="16" gap="4" textAlign="center">
      <Heading as="h1" size="2xl">
        Page Not Found
      </Heading>
      <Text color="fg.muted">{message}</Text>
      <Button asChild>
        <RouterLink to={to}>{back}</RouterLink>
      </Button>
    </VStack>
  );
}
