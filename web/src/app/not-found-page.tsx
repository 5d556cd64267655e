import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <VStack py="16" gap="4" textAlign="center">
      <Heading as="h1" size="2xl">
        Page Not Found
      </Heading>
      <Text color="fg.muted">
        The page you are looking for does not exist or has not been built yet.
      </Text>
      <Button asChild>
        <RouterLink to={paths.home.href()}>Back to Home</RouterLink>
      </Button>
    </VStack>
  );
}
