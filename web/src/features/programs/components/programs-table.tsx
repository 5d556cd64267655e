import { Table } from '@chakra-ui/react';
import type { Program } from '../../../../../shared/programs/program';
import { ProgramStatusBadge, ProgramTypeBadge } from './program-badges';

export function ProgramsTable({ programs }: { programs: Program[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" interactive aria-label="Trading programs">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Prefix</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Version</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {programs.map((program) => (
            <Table.Row key={program.prefix}>
              <Table.Cell fontFamily="mono" fontWeight="medium">
                {program.prefix}
              </Table.Cell>
              <Table.Cell>{program.name}</Table.Cell>
              <Table.Cell>
                <ProgramTypeBadge type={program.type} />
              </Table.Cell>
              <Table.Cell>
                <ProgramStatusBadge status={program.status} />
              </Table.Cell>
              <Table.Cell textAlign="end">{program.version}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
