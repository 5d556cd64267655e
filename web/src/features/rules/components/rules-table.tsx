import { Badge, HStack, Switch, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { LuCopy, LuLink, LuPencil, LuTrash2 } from 'react-icons/lu';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import { DataTable } from '@/components/data-table/data-table';
import { ItemActions } from '@/components/ui/item-actions';
import { valuePreview } from '@/lib/rules/value-preview';
import { MISSING } from '@/lib/format';

export interface RuleActions {
  onEdit: (rule: RuleDefinition) => void;
  onAssign: (rule: RuleDefinition) => void;
  onCopy: (rule: RuleDefinition) => void;
  onDelete: (rule: RuleDefinition) => void;
  onToggleEnabled: (rule: RuleDefinition, enabled: boolean) => void;
}

/** Spec 001 §2.17's nine columns; Used By lists the programs whose current version has the rule. */
export function RulesTable({
  rules,
  usedBy,
  actions,
}: {
  rules: RuleDefinition[];
  usedBy: Record<string, string[]>;
  actions: RuleActions;
}) {
  const columns = useMemo<ColumnDef<RuleDefinition>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'name',
        meta: { wrap: true },
        cell: (context) => (
          <Text fontWeight="medium" title={context.row.original.ruleId} minW="40">
            {context.row.original.name}
          </Text>
        ),
      },
      { id: 'category', header: 'Category', accessorKey: 'category' },
      {
        id: 'type',
        header: 'Type',
        accessorKey: 'type',
        cell: (context) => (
          <Badge colorPalette={context.row.original.type === 'benchmark' ? 'blue' : 'orange'}>
            {context.row.original.type}
          </Badge>
        ),
      },
      { id: 'priority', header: 'Priority', accessorKey: 'priority', meta: { numeric: true } },
      {
        id: 'value',
        header: 'Value',
        accessorFn: (rule) => valuePreview(rule),
        cell: (context) => (
          <Text fontFamily="mono" fontSize="xs">
            {context.getValue<string>()}
          </Text>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (rule) => (rule.isActive ? 'Active' : 'Inactive'),
        cell: (context) => {
          const rule = context.row.original;
          return (
            <HStack gap="2">
              <Badge colorPalette={rule.isActive ? 'green' : 'gray'}>
                {rule.isActive ? 'Active' : 'Inactive'}
              </Badge>
              <Switch.Root
                size="sm"
                checked={rule.enabled}
                onCheckedChange={(details) => actions.onToggleEnabled(rule, details.checked)}
              >
                <Switch.HiddenInput aria-label={`${rule.name} enabled`} />
                <Switch.Control />
              </Switch.Root>
              {/* Beside the switch, not its label: the switch's name says which rule it turns. */}
              <Text fontSize="xs" aria-hidden>
                {rule.enabled ? 'On' : 'Off'}
              </Text>
            </HStack>
          );
        },
      },
      {
        id: 'tags',
        header: 'Tags',
        accessorFn: (rule) => rule.tags.join(', '),
        meta: { wrap: true },
        cell: (context) => (
          <HStack gap="1" wrap="wrap" minW="32">
            {context.row.original.tags.map((tag) => (
              <Badge key={tag} variant="outline" size="sm">
                {tag}
              </Badge>
            ))}
          </HStack>
        ),
      },
      {
        id: 'usedBy',
        header: 'Used By',
        accessorFn: (rule) => (usedBy[rule.ruleId] ?? []).length,
        cell: (context) => {
          const prefixes = usedBy[context.row.original.ruleId] ?? [];
          return prefixes.length === 0 ? (
            <Text color="fg.muted">{MISSING}</Text>
          ) : (
            <Text fontFamily="mono" fontSize="xs" title={prefixes.join(', ')} minW="24">
              {prefixes.length <= 3
                ? prefixes.join(', ')
                : `${prefixes.slice(0, 3).join(', ')} +${prefixes.length - 3}`}
            </Text>
          );
        },
        meta: { wrap: true },
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (context) => {
          const rule = context.row.original;
          return (
            <ItemActions
              item={rule.name}
              actions={[
                { label: 'Edit', icon: LuPencil, onClick: () => actions.onEdit(rule) },
                { label: 'Assign', icon: LuLink, onClick: () => actions.onAssign(rule) },
                { label: 'Copy', icon: LuCopy, onClick: () => actions.onCopy(rule) },
                {
                  label: 'Delete',
                  icon: LuTrash2,
                  destructive: true,
                  onClick: () => actions.onDelete(rule),
                },
              ]}
            />
          );
        },
      },
    ],
    [actions, usedBy],
  );
  return (
    <DataTable label="Rules" data={rules} columns={columns} getRowId={(rule) => rule.ruleId} />
  );
}
