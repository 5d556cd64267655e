import { Alert, Button, Card, Stack, Table, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { Program } from '@shared/programs/program';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { useProgramVersion } from '@/api/programs';
import { programToFormValues } from '../form/form-values';
import { ProgramForm } from '../form/program-form';
import { changeText, diffPrograms } from '../program-diff';
import type { RuleCatalogue } from '../program-columns';
import { ProgramPageHeader } from './program-page-header';
import { ProgramRuleVersions } from './program-rule-versions';

function VersionDiff({ past, current }: { past: Program; current: Program }) {
  const changes = diffPrograms(past, current);
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title>
          Changes from version {past.version} to the current version ({current.version})
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {changes.length === 0 ? (
          <Text color="fg.muted">No field differs from the current version.</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Version differences">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Field</Table.ColumnHeader>
                  <Table.ColumnHeader>Version {past.version}</Table.ColumnHeader>
                  <Table.ColumnHeader>Current (version {current.version})</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {changes.map((change) => (
                  <Table.Row key={change.field}>
                    <Table.Cell fontFamily="mono" fontSize="xs">
                      {change.field}
                    </Table.Cell>
                    <Table.Cell color="red.fg" wordBreak="break-word">
                      {changeText(change.before)}
                    </Table.Cell>
                    <Table.Cell color="green.fg" wordBreak="break-word">
                      {changeText(change.after)}
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

/** A past version of the program: the form in its read-only mode, and how it differs from now. */
export function ProgramVersionView({
  current,
  version,
  catalogue,
}: {
  current: Program;
  version: number;
  catalogue: RuleCatalogue;
}) {
  const past = useProgramVersion(current.prefix, version);
  const backLink = `/programs/${encodeURIComponent(current.prefix)}`;
  return (
    <>
      <ProgramPageHeader
        title={`Version ${version} of ${current.prefix}`}
        subtitle="A stored version: read-only."
      >
        <Button asChild variant="outline">
          <RouterLink to={backLink}>
            <LuArrowLeft /> Back to the current version
          </RouterLink>
        </Button>
      </ProgramPageHeader>
      {past.isPending && <PageLoading label="Loading the version..." />}
      {past.isError && (
        <PageError
          title={`Failed to load version ${version}`}
          error={past.error}
          onRetry={() => void past.refetch()}
        />
      )}
      {past.data && (
        <Stack gap="5">
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>
              You are viewing version {version}; the current version is {current.version}.
            </Alert.Title>
          </Alert.Root>
          <VersionDiff past={past.data} current={current} />
          <ProgramRuleVersions program={past.data} catalogue={catalogue} readOnly />
          <ProgramForm
            key={`version-${version}`}
            mode="edit"
            formId="program-version-form"
            defaultValues={programToFormValues(past.data)}
            catalogue={catalogue}
            readOnly
          />
        </Stack>
      )}
    </>
  );
}
