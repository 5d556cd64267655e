import { Badge, Button, Card, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageError } from '@/components/ui/page-states';
import { useProgramVersions } from '@/api/programs';
import { formatSavedAt } from '../saved-at';
import { paths } from '@/config/paths';
import { orMissing } from '@/lib/format';

/** Issue 10: every saved version of the program, each one openable read-only. */
export function VersionHistory({ prefix, current }: { prefix: string; current: number }) {
  const versions = useProgramVersions(prefix);
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title>Version History</Card.Title>
      </Card.Header>
      <Card.Body>
        {versions.isPending && <Text color="fg.muted">Loading versions...</Text>}
        {versions.isError && (
          <PageError
            title="Failed to load the version history"
            error={versions.error}
            onRetry={() => void versions.refetch()}
          />
        )}
        {versions.data && (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Program versions">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Version</Table.ColumnHeader>
                  <Table.ColumnHeader>Saved</Table.ColumnHeader>
                  <Table.ColumnHeader>By</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {versions.data.map((version) => (
                  <Table.Row key={version.version}>
                    <Table.Cell>
                      <Stack direction="row" align="center" gap="2">
                        <Text>{version.version}</Text>
                        {version.version === current && <Badge colorPalette="green">Current</Badge>}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell>{formatSavedAt(version.updatedAt ?? version.createdAt)}</Table.Cell>
                    <Table.Cell>{version.updatedBy ?? orMissing(version.createdBy)}</Table.Cell>
                    <Table.Cell textTransform="capitalize">{version.status}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {version.version !== current && (
                        <Button asChild size="xs" variant="outline">
                          <RouterLink
                            to={paths.programEdit.href({ prefix }, { version: version.version })}
                            aria-label={`View version ${version.version}`}
                          >
                            View
                          </RouterLink>
                        </Button>
                      )}
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
