import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import { DataTable } from '@/components/data-table/data-table';

const catalogueColumns: ColumnDef<RuleDefinition>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
  {
    id: 'description',
    header: 'Description',
    meta: { wrap: true, minW: '64' },
    cell: ({ row }) => row.original.description,
  },
  { id: 'category', header: 'Category', cell: ({ row }) => row.original.category },
  { id: 'type', header: 'Type', cell: ({ row }) => row.original.type },
  {
    id: 'testClassName',
    header: 'Test Class Name',
    cell: ({ row }) => (
      <Text as="span" fontFamily="mono">
        {row.original.testClassName}
      </Text>
    ),
  },
];

/** Rules Management's Test Catalogue tab: every rule with the test class that judges it. */
export function RulesTestCatalogue({ rules }: { rules: RuleDefinition[] }) {
  return (
    <DataTable
      label="Rules test catalogue"
      sortable={false}
      data={rules}
      columns={catalogueColumns}
      getRowId={(rule) => rule.ruleId}
    />
  );
}
