import { Card, Code, Table, Text } from '@chakra-ui/react';
import type { AuditOperation } from '@shared/audit/audit-operations';
import { useAuditOperations } from '@/api/audit';
import { formatCount, formatDateTime } from '@/lib/format';

function describeFilters(filters: AuditOperation['filters']): string {
  return Object.entries(filters)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
}

/** The operations log: who deleted which records and when (issue 12). */
export function AuditOperationsLog() {
  const operations = useAuditOperations();
  const entries = operations.data?.data ?? [];
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title>Bulk Delete Log</Card.Title>
      </Card.Header>
      <Card.Body>
        {operations.isError ? (
          <Text color="fg.error">Failed to load the bulk delete log.</Text>
        ) : entries.length === 0 ? (
          <Text color="fg.muted">
            {operations.isPending ? 'Loading...' : 'No bulk deletes yet.'}
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Bulk delete log">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  <Table.ColumnHeader>By</Table.ColumnHeader>
                  <Table.ColumnHeader>Filters</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Deleted</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entries.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.startedAt)}</Table.Cell>
                    <Table.Cell>{entry.requestedBy.email ?? entry.requestedBy.userId}</Table.Cell>
                    <Table.Cell>
                      <Code variant="plain">{describeFilters(entry.filters)}</Code>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatCount(entry.deleted)}</Table.Cell>
                    <Table.Cell>
                      {entry.status === 'completed' ? 'Completed' : 'Started'}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
