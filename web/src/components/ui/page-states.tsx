import { Alert, Button, EmptyState, Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

/** The loading, error and empty states every data view shows (DESIGN §7). */
export function PageLoading({ label }: { label: string }) {
  return (
    <VStack py="12" gap="3" role="status">
      <Spinner size="lg" />
      <Text color="fg.muted">{label}</Text>
    </VStack>
  );
}

export function PageError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const message = error instanceof Error ? error.message : String(error);
  const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
  return (
    <Alert.Root status="error" role="alert" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          {message}
          {serverMessage && serverMessage !== message && <Text mt="1">{serverMessage}</Text>}
        </Alert.Description>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onRetry}>
          Try Again
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

export function PageEmpty({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
