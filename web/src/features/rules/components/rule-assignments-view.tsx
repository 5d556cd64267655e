import { Badge, Card, Field, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { usePrograms } from '@/api/programs';
import { useProgramRuleAssignments } from '@/api/rules';
import { MISSING } from '@/lib/format';

function overridesText(overrides: Record<string, unknown>): string {
  const entries = Object.entries(overrides);
  return entries.length === 0
    ? MISSING
    : entries.map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(', ');
}

function messagesText(messages: { success?: string; failure?: string; warning?: string }) {
  const entries = Object.entries(messages).filter(([, text]) => text);
  return entries.length === 0
    ? MISSING
    : entries.map(([kind, text]) => `${kind}: ${text}`).join(' · ');
}

/** Spec 001 §2.17 rule-assignment detail: per phase, each rule's settings in one program. */
export function RuleAssignmentsView() {
  const programs = usePrograms();
  const [prefix, setPrefix] = useState('');
  const assignments = useProgramRuleAssignments(prefix === '' ? undefined : prefix);
  return (
    <Stack gap="4">
      <Field.Root maxW="sm">
        <Field.Label>Program</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={prefix} onChange={(event) => setPrefix(event.target.value)}>
            <option value="">Select a program</option>
            {programs.data?.map((program) => (
              <option key={program.prefix} value={program.prefix}>
                {program.prefix} — {program.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {prefix !== '' && assignments.isPending && (
        <PageLoading label="Loading rule assignments..." />
      )}
      {assignments.isError && (
        <PageError
          title="Failed to load rule assignments"
          error={assignments.error}
          onRetry={() => void assignments.refetch()}
        />
      )}
      {assignments.data?.phases.map((phase) => (
        <Card.Root key={phase.phaseId} variant="outline">
          <Card.Header>
            <Card.Title>
              {phase.phaseName}{' '}
              <Text as="span" color="fg.muted" fontFamily="mono">
                ({phase.phaseId})
              </Text>
            </Card.Title>
          </Card.Header>
          <Card.Body>
            {phase.rules.length === 0 ? (
              <Text color="fg.muted">No rules in this phase.</Text>
            ) : (
              <Table.ScrollArea>
                <Table.Root size="sm" aria-label={`Rules of ${phase.phaseId}`}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Rule</Table.ColumnHeader>
                      <Table.ColumnHeader>Enabled</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Priority</Table.ColumnHeader>
                      <Table.ColumnHeader>Parameter overrides</Table.ColumnHeader>
                      <Table.ColumnHeader>Custom messages</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {phase.rules.map((rule) => (
                      <Table.Row key={rule.ruleId}>
                        <Table.Cell>
                          {rule.definition?.name ?? rule.ruleId}{' '}
                          {rule.definition === null && <Badge colorPalette="red">Missing</Badge>}
                        </Table.Cell>
                        <Table.Cell>{rule.enabled ? 'Yes' : 'No'}</Table.Cell>
                        <Table.Cell textAlign="end">{rule.priority}</Table.Cell>
                        <Table.Cell fontFamily="mono" fontSize="xs">
                          {overridesText(rule.parameterOverrides)}
                        </Table.Cell>
                        <Table.Cell fontSize="xs">{messagesText(rule.customMessages)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
