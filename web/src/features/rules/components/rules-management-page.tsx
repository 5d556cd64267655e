import { Button, Card, Field, Flex, Input, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { LuListChecks, LuPlus, LuX } from 'react-icons/lu';
import { ruleBodySchema } from '@shared/programs/rule-body';
import {
  ruleCategorySchema,
  ruleTypeSchema,
  type RuleDefinition,
} from '@shared/rules/rule-definition';
import { DataTable } from '@/components/data-table/data-table';
import { errorText } from '@/lib/api-client';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { toaster } from '@/components/ui/toaster';
import { useDeleteRule, useRuleCatalogue, useSaveRule } from '@/api/rules';
import { useProgramRules } from '@/api/programs';
import { FieldFrame, OptionsSelect } from '@/components/ui/form';
import { RULE_SELECT_PARAMS, filterRules, type RuleFilterValues } from '../rule-filters';
import { blankRule, generateRuleId } from '../rule-templates';
import { ProgramRuleFormDialog } from './program-rule-form';
import { ProgramRulesSummary } from './program-rules-summary';
import { RuleAssignmentsView } from './rule-assignments-view';
import { RuleFormDialog, ruleToFormValues } from './rule-form';
import { RulesTable, type RuleActions } from './rules-table';
import { useUrlFilters, useUrlSearch } from '@/lib/url-state';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; rule: RuleDefinition }
  | { kind: 'assign'; rule: RuleDefinition }
  | { kind: 'delete'; rule: RuleDefinition };

/** Spec 001 §2.17: Copy makes '<name> Copy' under a new id; ids and timestamps are dropped. */
export function copyOfRule(rule: RuleDefinition, timestamp: number) {
  const name = `${rule.name} Copy`;
  return ruleBodySchema.parse({
    ...ruleToFormValues(rule),
    name,
    ruleId: generateRuleId(rule.category, name, timestamp),
  });
}

/** Search (`q`, typed text kept whole) and the Category and Type selects, all in the URL. */
function useRuleFilters() {
  const [typed, setTyped, search] = useUrlSearch();
  const [selects, setSelects] = useUrlFilters(RULE_SELECT_PARAMS);
  const filters: RuleFilterValues = { search, ...selects };
  const setFilter = (name: (typeof RULE_SELECT_PARAMS)[number], value: string) =>
    setSelects({ [name]: value });
  const clear = () => {
    setTyped('');
    setSelects({ category: '', type: '' });
  };
  return { filters, typed, setTyped, setFilter, clear };
}

/** A filter's select: `allText` (the empty value) first, then every option. */
function FilterSelect({
  label,
  maxW,
  value,
  allText,
  options,
  onChange,
}: {
  label: string;
  maxW: string;
  value: string;
  allText: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <FieldFrame label={label} maxW={{ md: maxW }}>
      <OptionsSelect value={value} options={options} onChange={onChange} placeholder={allText} />
    </FieldFrame>
  );
}

function Filters({
  filters,
  typed,
  setTyped,
  setFilter,
  clear,
}: ReturnType<typeof useRuleFilters>) {
  return (
    <Flex gap="3" wrap="wrap" align="flex-end" mb="4" role="search" aria-label="Rule filters">
      <Field.Root maxW={{ md: 'xs' }}>
        <Field.Label>Search</Field.Label>
        <Input
          value={typed}
          placeholder="Name or description"
          onChange={(event) => setTyped(event.target.value)}
        />
      </Field.Root>
      <FilterSelect
        label="Category"
        maxW="48"
        value={filters.category}
        allText="All categories"
        options={ruleCategorySchema.options}
        onChange={(value) => setFilter('category', value)}
      />
      <FilterSelect
        label="Type"
        maxW="40"
        value={filters.type}
        allText="All types"
        options={ruleTypeSchema.options}
        onChange={(value) => setFilter('type', value)}
      />
      <Button variant="outline" onClick={clear}>
        <LuX /> Clear
      </Button>
    </Flex>
  );
}

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

function TestCatalogue({ rules }: { rules: RuleDefinition[] }) {
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

export function RulesManagementPage() {
  const rules = useRuleCatalogue();
  const programRules = useProgramRules();
  const save = useSaveRule();
  const remove = useDeleteRule();
  const filterState = useRuleFilters();
  const [dialog, setDialog] = useState<Dialog>();
  const close = useCallback(() => setDialog(undefined), []);

  const actions = useMemo<RuleActions>(
    () => ({
      onEdit: (rule) => setDialog({ kind: 'edit', rule }),
      onAssign: (rule) => setDialog({ kind: 'assign', rule }),
      onDelete: (rule) => setDialog({ kind: 'delete', rule }),
      onCopy: (rule) =>
        save.mutate(
          { mode: 'create', rule: copyOfRule(rule, Date.now()) },
          {
            onSuccess: (copy) =>
              toaster.create({ type: 'success', title: `Rule copied as "${copy.name}"` }),
            onError: (error) =>
              toaster.create({
                type: 'error',
                title: 'Failed to copy rule',
                description: errorText(error),
              }),
          },
        ),
      onToggleEnabled: (rule, enabled) =>
        save.mutate(
          { mode: 'edit', rule: ruleBodySchema.parse({ ...ruleToFormValues(rule), enabled }) },
          {
            onSuccess: () =>
              toaster.create({
                type: 'success',
                title: `Rule "${rule.name}" turned ${enabled ? 'on' : 'off'}`,
              }),
            onError: (error) =>
              toaster.create({
                type: 'error',
                title: 'Failed to update rule',
                description: errorText(error),
              }),
          },
        ),
    }),
    [save],
  );

  let content;
  if (rules.isPending || (rules.isError && rules.isFetching)) {
    content = <PageLoading label="Loading rules..." />;
  } else if (rules.isError) {
    content = (
      <PageError
        title="Failed to load rules"
        error={rules.error}
        onRetry={() => void rules.refetch()}
      />
    );
  } else {
    const all = rules.data.rules;
    const shown = filterRules(all, filterState.filters);
    content = (
      <Tabs.Root defaultValue="rules" variant="line" lazyMount>
        <Tabs.List mb="4">
          <Tabs.Trigger value="rules">Rules ({all.length})</Tabs.Trigger>
          <Tabs.Trigger value="catalogue">Test Catalogue</Tabs.Trigger>
          <Tabs.Trigger value="assignments">Rule Assignments</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="rules">
          <Stack gap="6">
            <Filters {...filterState} />
            {all.length === 0 ? (
              <PageEmpty
                icon={<LuListChecks />}
                title="No Rules Found"
                description="Create the first rule to judge accounts with."
              />
            ) : shown.length === 0 ? (
              <Text color="fg.muted">No rules match the filters.</Text>
            ) : (
              <RulesTable rules={shown} usedBy={rules.data.usedBy} actions={actions} />
            )}
            <Card.Root variant="subtle">
              <Card.Header>
                <Card.Title>Program Rules Summary</Card.Title>
              </Card.Header>
              <Card.Body>
                {programRules.data ? (
                  <ProgramRulesSummary
                    programRules={programRules.data}
                    catalogue={rules.catalogue}
                  />
                ) : (
                  <Text color="fg.muted">
                    {programRules.isError
                      ? 'Program rules are unavailable.'
                      : 'Loading program rules...'}
                  </Text>
                )}
              </Card.Body>
            </Card.Root>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="catalogue">
          <TestCatalogue rules={all} />
        </Tabs.Content>
        <Tabs.Content value="assignments">
          <RuleAssignmentsView />
        </Tabs.Content>
      </Tabs.Root>
    );
  }

  return (
    <>
      <PageHeader
        title="Rules Management"
        subtitle="Create, edit, copy and assign the rules that judge every account."
        actions={
          <Button colorPalette="blue" onClick={() => setDialog({ kind: 'create' })}>
            <LuPlus /> Create Rule
          </Button>
        }
      />
      {content}
      {dialog?.kind === 'create' && (
        <RuleFormDialog
          mode="create"
          initial={blankRule()}
          showTemplates
          failureText={(error) => `Failed to create rule: ${errorText(error)}`}
          onClose={close}
          onSaved={(rule) => {
            toaster.create({ type: 'success', title: `Rule "${rule.name}" created` });
            close();
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <RuleFormDialog
          mode="edit"
          initial={ruleToFormValues(dialog.rule)}
          stored={dialog.rule}
          failureText={(error) => `Failed to update rule: ${errorText(error)}`}
          onClose={close}
          onSaved={(rule) => {
            toaster.create({ type: 'success', title: `Rule "${rule.name}" updated` });
            close();
          }}
        />
      )}
      {dialog?.kind === 'assign' && (
        <ProgramRuleFormDialog
          title={`Assign Rule: ${dialog.rule.name}`}
          ruleId={dialog.rule.ruleId}
          onClose={close}
          onAssigned={({ prefix, phaseId }, result) => {
            toaster.create({
              type: 'success',
              title: `Rule assigned to ${prefix} / ${phaseId} (version ${result.version})`,
            });
            close();
          }}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? `Delete ${dialog.rule.name}` : 'Delete rule'}
        message="Are you sure you want to delete this rule?"
        confirmLabel="Delete"
        destructive
        isPending={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          const rule = dialog.rule;
          remove.mutate(rule.ruleId, {
            onSuccess: () => {
              toaster.create({ type: 'success', title: `Rule "${rule.name}" deleted` });
              close();
            },
            onError: (error) => {
              toaster.create({
                type: 'error',
                title: `Failed to delete rule: ${errorText(error)}`,
                duration: 10_000,
                closable: true,
              });
              close();
            },
          });
        }}
      />
    </>
  );
}
