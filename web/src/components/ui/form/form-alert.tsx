import { Alert, Button, List, Text } from '@chakra-ui/react';
import type { Ref } from 'react';

export interface FormAlertProps {
  title: string;
  /** A sentence under the title (the server's headline of a refused save). */
  description?: string;
  /** One line each: what to fix. */
  lines?: readonly string[];
  /** What the user can do about it (reload after a 409). */
  action?: { label: string; onClick: () => void };
  ref?: Ref<HTMLDivElement>;
}

/** Why a form was not saved, at its top: a refused submit or a save the server refused. */
export function FormAlert({ title, description, lines = [], action, ref }: FormAlertProps) {
  const detailed = description !== undefined || lines.length > 0 || action !== undefined;
  return (
    <Alert.Root
      ref={ref}
      status="error"
      role="alert"
      alignItems={detailed ? 'flex-start' : undefined}
      scrollMarginTop="20"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {(description !== undefined || lines.length > 0) && (
          <Alert.Description>
            {description !== undefined && <Text>{description}</Text>}
            {lines.length > 0 && (
              <List.Root ps="5" mt="1">
                {lines.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List.Root>
            )}
          </Alert.Description>
        )}
        {action && (
          <Button
            size="sm"
            variant="outline"
            mt="2"
            alignSelf="flex-start"
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
