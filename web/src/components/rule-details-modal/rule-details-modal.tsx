import { Badge, Box, Button, Heading, Spinner, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { type RuleDefinition } from '@shared/rules/rule-definition';
import { useRule } from '@/api/rules';
import { FieldList, type FieldRow } from '@/components/figures/field-list';
import { CodeBlock } from '@/components/json-modal/code-block';
import { DialogFrame } from '@/components/ui/dialog-frame';
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
  const fields: FieldRow[] = [
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
    <DialogFrame
      open={target !== null}
      onClose={onClose}
      scrollBehavior="inside"
      size="lg"
      title={
        <>
          {title}
          {!name && (
            <Badge colorPalette="red" ms="2">
              {MISSING_NAME}
            </Badge>
          )}
        </>
      }
      closeLabel="Close dialog"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {query.isLoading ? (
        <Spinner role="status" aria-label="Loading rule" />
      ) : (
        <>
          <FieldList items={fields} labelWidth="28" breakWords />
          {rule?.implementation !== undefined && rule.implementation !== null && (
            <Box mt="4">
              <Heading as="h3" size="sm" mb="2">
                Implementation Details
              </Heading>
              <CodeBlock>
                {typeof rule.implementation === 'string'
                  ? rule.implementation
                  : JSON.stringify(rule.implementation, null, 2)}
              </CodeBlock>
            </Box>
          )}
          <Box mt="4">
            <Heading as="h3" size="sm" mb="2">
              Rule JSON
            </Heading>
            {rule === undefined ? (
              <Text color="fg.muted">The rule definition could not be loaded.</Text>
            ) : (
              <CodeBlock label="Rule JSON" maxH="400px">
                {JSON.stringify(rule, null, 2)}
              </CodeBlock>
            )}
          </Box>
        </>
      )}
    </DialogFrame>
  );
}
