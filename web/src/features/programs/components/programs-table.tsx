import { Link } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { LuCopy, LuPencil, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Program } from '@shared/programs/program';
import { DataTable } from '@/components/data-table/data-table';
import { ItemActions } from '@/components/ui/item-actions';
import {
  formatProfitTarget,
  programRow,
  type ProgramRow,
  type RuleCatalogue,
} from '@/lib/programs/program-columns';
import { ProgramStatusBadge, ProgramTypeBadge } from './program-badges';
import { paths } from '@/config/paths';
import { formatCount, formatWholeMoney, orMissing } from '@/lib/format';

const dash = (value: number | undefined) => formatCount(value);

function money(id: keyof ProgramRow & string, header: string): ColumnDef<ProgramRow> {
  return {
    id,
    header,
    accessorFn: (row) => row[id] as number | undefined,
    cell: (context) => formatWholeMoney(context.getValue<number | undefined>()),
    sortUndefined: 'last',
    meta: { numeric: true },
  };
}

function count(id: keyof ProgramRow & string, header: string): ColumnDef<ProgramRow> {
  return {
    id,
    header,
    accessorFn: (row) => row[id] as number | undefined,
    cell: (context) => dash(context.getValue<number | undefined>()),
    sortUndefined: 'last',
    meta: { numeric: true },
  };
}

export interface ProgramActions {
  onCopy: (program: Program) => void;
  onDelete: (program: Program) => void;
}

/** The 15 columns of spec 001 §2.1, sortable by any number of them (Shift+click). */
export function ProgramsTable({
  programs,
  catalogue,
  onCopy,
  onDelete,
}: { programs: Program[]; catalogue: RuleCatalogue } & ProgramActions) {
  const navigate = useNavigate();
  const rows = useMemo(
    () => programs.map((program) => programRow(program, catalogue)),
    [programs, catalogue],
  );
  const columns = useMemo<ColumnDef<ProgramRow>[]>(
    () => [
      {
        id: 'prefix',
        header: 'Prefix',
        accessorKey: 'prefix',
        cell: (context) => (
          <Link
            asChild
            fontFamily="mono"
            fontWeight="medium"
            colorPalette="blue"
            color="colorPalette.fg"
          >
            <RouterLink to={paths.programEdit.href({ prefix: context.row.original.prefix })}>
              {context.row.original.prefix}
            </RouterLink>
          </Link>
        ),
      },
      { id: 'name', header: 'Name', accessorKey: 'name' },
      {
        id: 'type',
        header: 'Type',
        accessorKey: 'type',
        cell: (context) => <ProgramTypeBadge type={context.row.original.type} />,
      },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        cell: (context) => <ProgramStatusBadge status={context.row.original.status} />,
      },
      money('accountSize', 'Account Size'),
      {
        id: 'profitTarget',
        header: 'Profit Target',
        accessorFn: (row) => row.profitTarget?.value,
        cell: (context) => formatProfitTarget(context.row.original.profitTarget),
        sortUndefined: 'last',
        meta: { numeric: true },
      },
      money('maxDraw', 'Max Draw'),
      {
        id: 'trailType',
        header: 'Trail Type',
        accessorFn: (row) => row.trailType,
        cell: (context) => orMissing(context.getValue<string | undefined>()),
        sortUndefined: 'last',
      },
      count('minDays', 'Min Days'),
      count('maxShares', 'Max Shares'),
      money('registrationFee', 'Registration Fee'),
      money('monthlyPrice', 'Monthly Price'),
      money('resetFee', 'Reset Fee'),
      count('version', 'Version'),
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (context) => {
          const program = context.row.original.program;
          return (
            <ItemActions
              item={program.prefix}
              actions={[
                {
                  label: 'Edit',
                  icon: LuPencil,
                  to: paths.programEdit.href({ prefix: program.prefix }),
                },
                { label: 'Copy', icon: LuCopy, onClick: () => onCopy(program) },
                {
                  label: 'Delete',
                  icon: LuTrash2,
                  destructive: true,
                  onClick: () => onDelete(program),
                },
              ]}
            />
          );
        },
      },
    ],
    [onCopy, onDelete],
  );

  return (
    <DataTable
      label="Trading programs"
      data={rows}
      columns={columns}
      getRowId={(row) => row.prefix}
      onRowDoubleClick={(row) => void navigate(paths.programEdit.href({ prefix: row.prefix }))}
    />
  );
}
