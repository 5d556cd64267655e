import { Alert, Button, Card, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { Program } from '@shared/programs/program';
import { DataTable } from '@/components/data-table/data-table';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { useProgramVersion } from '@/api/programs';
import { programToFormValues } from '../form/form-values';
import { ProgramForm } from '../form/program-form';
import { changeText, diffPrograms } from '../program-diff';
import type { RuleCatalogue } from '@/lib/programs/program-columns';
import { PageHeader } from '@/components/ui/page-header';
import { ProgramRuleVersions } from './program-rule-versions';
import { paths } from '@/config/paths';

type Change = ReturnType<typeof diffPrograms>[number];

function diffColumns(past: number, current: number): ColumnDef<Change>[] {
  return [
    {
      id: 'field',
      header: 'Field',
      cell: ({ row }) => (
        <Text as="span" fontFamily="mono" fontSize="xs">
          {row.original.field}
        </Text>
      ),
    },
    {
      id: 'before',
      header: `Version ${past}`,
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text as="span" color="red.fg" wordBreak="break-word">
          {changeText(row.original.before)}
        </Text>
      ),
    },
    {
      id: 'after',
      header: `Current (version ${current})`,
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text as="span" color="green.fg" wordBreak="break-word">
          {changeText(row.original.after)}
        </Text>
      ),
    },
  ];
}

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
        <DataTable
          label="Version differences"
          compact
          data={changes}
          columns={diffColumns(past.version, current.version)}
          getRowId={(change) => change.field}
          empty="No field differs from the current version."
        />
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
  const backLink = paths.programEdit.href({ prefix: current.prefix });
  return (
    <>
      <PageHeader
        title={`Version ${version} of ${current.prefix}`}
        subtitle="A stored version: read-only."
        actions={
          <Button asChild variant="outline">
            <RouterLink to={backLink}>
              <LuArrowLeft /> Back to the current version
            </RouterLink>
          </Button>
        }
      />
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
