import { Badge, Card, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
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

type Assignment = NonNullable<
  ReturnType<typeof useProgramRuleAssignments>['data']
>['phases'][number]['rules'][number];

const assignmentColumns: ColumnDef<Assignment>[] = [
  {
    id: 'rule',
    header: 'Rule',
    cell: ({ row }) => (
      <>
        {row.original.definition?.name ?? row.original.ruleId}{' '}
        {row.original.definition === null && <Badge colorPalette="red">Missing</Badge>}
      </>
    ),
  },
  { id: 'enabled', header: 'Enabled', cell: ({ row }) => (row.original.enabled ? 'Yes' : 'No') },
  {
    id: 'priority',
    header: 'Priority',
    meta: { numeric: true },
    cell: ({ row }) => row.original.priority,
  },
  {
    id: 'overrides',
    header: 'Parameter overrides',
    cell: ({ row }) => (
      <Text as="span" fontFamily="mono" fontSize="xs">
        {overridesText(row.original.parameterOverrides)}
      </Text>
    ),
  },
  {
    id: 'messages',
    header: 'Custom messages',
    cell: ({ row }) => (
      <Text as="span" fontSize="xs">
        {messagesText(row.original.customMessages)}
      </Text>
    ),
  },
];

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
            <DataTable
              label={`Rules of ${phase.phaseId}`}
              compact
              data={phase.rules}
              columns={assignmentColumns}
              getRowId={(rule) => rule.ruleId}
              empty="No rules in this phase."
            />
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
