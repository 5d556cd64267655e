import { Alert, Button, Center, Container, Spinner } from '@chakra-ui/react';
import { useRouteError } from 'react-router-dom';

/** Shown while the first screen's code is downloading. */
export function AppLoading() {
  return (
    <Center minH="100vh" role="status" aria-label="Loading">
      <Spinner size="xl" />
    </Center>
  );
}

/**
 * Last line of defence for a screen that throws while rendering or whose code fails to download
 * (typically after a deploy replaced the chunks); a reload fetches the current build.
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <Container maxW="lg" py="16">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Title>Something went wrong</Alert.Title>
          <Alert.Description>
            {error instanceof Error ? error.message : String(error)}
          </Alert.Description>
          <Button size="sm" alignSelf="flex-start" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Alert.Content>
      </Alert.Root>
    </Container>
  );
}
