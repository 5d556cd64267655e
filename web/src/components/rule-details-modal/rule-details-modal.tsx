import {
  Badge,
  Box,
  Button,
  CloseButton,
  DataList,
  Dialog,
  Heading,
  Portal,
  Spinner,
  Text,
} from '@chakra-ui/react';

import { useEffect } from 'react';
import { type RuleDefinition } from '@shared/rules/rule-definition';
import { useRule } from '@/api/rules';

import { formatDateTime } from '@/lib/format';

/** What a screen knows of the rule before the catalogue answers (a conformance rule entry). */
export interface RuleDetailsTarget {
  ruleId: string;
  name?: string;
  description?: string;
  category?: string;
  type?: string;
}

export const MISSING_NAME = 'MISSING NAME';

function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'N/A';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * 'Rule Details: {name}' (spec 000 §2 Performance Report page): Rule ID, Name, Description, Category,
 * Type, Enabled Yes/No, Default Value, Data Source, Created, Updated, the implementation when there
 * is one, and the full rule JSON, read from `GET /api/rules/{ruleId}`. A failed fetch is only logged
 * (spec 000 §8): the dialog then shows what the screen knew of the rule.
 */
export function RuleDetailsModal({
  target,
  onClose,
}: {
  target: RuleDetailsTarget | null;
  onClose: () => void;
}) {
  const query = useRule(target?.ruleId, { retry: false });
  useEffect(() => {
    if (query.error) console.warn('Failed to fetch rule details', query.error);
  }, [query.error]);

  const rule: RuleDefinition | undefined = query.data;
  const name = rule?.name || target?.name || '';
  const title = `Rule Details: ${name || MISSING_NAME}`;
  const fields: [string, string][] = [
    ['Rule ID', rule?.ruleId ?? target?.ruleId ?? 'N/A'],
    ['Name', name || MISSING_NAME],
    ['Description', valueText(rule?.description ?? target?.description)],
    ['Category', valueText(rule?.category ?? target?.category)],
    ['Type', valueText(rule?.type ?? target?.type)],
    ['Enabled', rule === undefined ? 'N/A' : rule.enabled ? 'Yes' : 'No'],
    ['Default Value', valueText(rule?.defaultValue)],
    ['Data Source', valueText(rule?.dataSource)],
    ['Created', rule?.createdAt ? formatDateTime(rule.createdAt) : 'N/A'],
    ['Updated', rule?.updatedAt ? formatDateTime(rule.updatedAt) : 'N/A'],
  ];

  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {title}
                {!name && (
                  <Badge colorPalette="red" ms="2">
                    {MISSING_NAME}
                  </Badge>
                )}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {query.isLoading ? (
                <Spinner role="status" aria-label="Loading rule" />
              ) : (
                <>
                  <DataList.Root orientation="horizontal" size="sm">
                    {fields.map(([label, value]) => (
                      <DataList.Item key={label}>
                        <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
                        <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                  {rule?.implementation !== undefined && rule.implementation !== null && (
                    <Box mt="4">
                      <Heading as="h3" size="sm" mb="2">
                        Implementation Details
                      </Heading>
                      <Box
                        as="pre"
                        // Scrolls when long: focusable so the keyboard can scroll it (WCAG 2.1.1).
                        tabIndex={0}
                        fontFamily="mono"
                        fontSize="xs"
                        bg="bg.muted"
                        p="3"
                        rounded="md"
                        overflow="auto"
                      >
                        {typeof rule.implementation === 'string'
                          ? rule.implementation
                          : JSON.stringify(rule.implementation, null, 2)}
                      </Box>
                    </Box>
                  )}
                  <Box mt="4">
                    <Heading as="h3" size="sm" mb="2">
                      Rule JSON
                    </Heading>
                    {rule === undefined ? (
                      <Text color="fg.muted">The rule definition could not be loaded.</Text>
                    ) : (
                      <Box
                        as="pre"
                        aria-label="Rule JSON"
                        tabIndex={0}
                        fontFamily="mono"
                        fontSize="xs"
                        bg="bg.muted"
                        p="3"
                        rounded="md"
                        maxH="400px"
                        overflow="auto"
                      >
                        {JSON.stringify(rule, null, 2)}
                      </Box>
                    )}
                  </Box>
                </>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>Close</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
