import { Box, Button, Checkbox, HStack } from '@chakra-ui/react';
import type { Table } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { LuColumns3 } from 'react-icons/lu';

/**
 * Show or hide the table's columns (TanStack column visibility), so a wide table fits the screen.
 * The first column (what names a row) and the row actions cannot be hidden: a row stays
 * recognisable and its actions reachable.
 */
export function ColumnChooser<Row>({
  table,
  label,
  pinned,
}: {
  table: Table<Row>;
  label: string;
  /** The pinned columns (the first and the actions), which always show. */
  pinned: ReadonlyMap<string, unknown>;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const choosable = table
    .getAllLeafColumns()
    .filter(
      (column) => column.getCanHide() && !pinned.has(column.id) && !column.columnDef.meta?.csvOnly,
    );
  return (
    <Box>
      <Button
        size="xs"
        variant="outline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <LuColumns3 /> Columns
      </Button>
      {open && (
        <HStack
          id={panelId}
          role="group"
          aria-label={`${label} columns`}
          wrap="wrap"
          gap="3"
          mt="2"
          p="2"
          borderWidth="1px"
          rounded="md"
        >
          {choosable.map((column) => (
            <Checkbox.Root
              key={column.id}
              size="sm"
              checked={column.getIsVisible()}
              onCheckedChange={(details) => column.toggleVisibility(details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
      )}
    </Box>
  );
}
