import { Button, Stack, Tabs, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { LuListChecks, LuPlus } from 'react-icons/lu';
import { ruleBodySchema } from '@shared/programs/rule-body';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import { errorText } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { SectionCard } from '@/components/section/section-card';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { toaster } from '@/components/ui/toaster';
import { useRuleCatalogue, useSaveRule } from '@/api/rules';
import type { RuleCatalogue } from '@/lib/programs/program-columns';
import { useProgramRules } from '@/api/programs';
import { filterRules } from '../rule-filters';
import { generateRuleId } from '../rule-templates';
import { ProgramRulesSummary } from './program-rules-summary';
import { RuleAssignmentsView } from './rule-assignments-view';
import { RuleDialogs, type RuleDialog } from './rule-dialogs';
import { RuleFilterBar, useRuleFilters } from './rule-filter-bar';
import { ruleToFormValues } from './rule-form';
import { RulesTable, type RuleActions } from './rules-table';
import { RulesTestCatalogue } from './rules-test-catalogue';

/** Spec 001 §2.17: Copy makes '<name> Copy' under a new id; ids and timestamps are dropped. */
export function copyOfRule(rule: RuleDefinition, timestamp: number) {
  const name = `${rule.name} Copy`;
  return ruleBodySchema.parse({
    ...ruleToFormValues(rule),
    name,
    ruleId: generateRuleId(rule.category, name, timestamp),
  });
}

/** The rules table's row actions: Edit, Assign and Delete open a dialog; Copy and the switch save. */
function useRuleActions(open: (dialog: RuleDialog) => void): RuleActions {
  const save = useSaveRule();
  return useMemo<RuleActions>(
    () => ({
      onEdit: (rule) => open({ kind: 'edit', rule }),
      onAssign: (rule) => open({ kind: 'assign', rule }),
      onDelete: (rule) => open({ kind: 'delete', rule }),
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
    [open, save],
  );
}

function ProgramRulesCard({
  programRules,
  catalogue,
}: {
  programRules: ReturnType<typeof useProgramRules>;
  catalogue: RuleCatalogue;
}) {
  return (
    <SectionCard title="Program Rules Summary" size="md" variant="subtle">
      {programRules.data ? (
        <ProgramRulesSummary programRules={programRules.data} catalogue={catalogue} />
      ) : (
        <Text color="fg.muted">
          {programRules.isError ? 'Program rules are unavailable.' : 'Loading program rules...'}
        </Text>
      )}
    </SectionCard>
  );
}

/** The Rules tab: the filters, the filtered rules and the programs' rules. */
function RulesTab({
  all,
  usedBy,
  catalogue,
  programRules,
  actions,
}: {
  all: RuleDefinition[];
  usedBy: Record<string, string[]>;
  catalogue: RuleCatalogue;
  programRules: ReturnType<typeof useProgramRules>;
  actions: RuleActions;
}) {
  const filterState = useRuleFilters();
  const shown = filterRules(all, filterState.filters);
  return (
    <Stack gap="6">
      <RuleFilterBar {...filterState} />
      {all.length === 0 ? (
        <PageEmpty
          icon={<LuListChecks />}
          title="No Rules Found"
          description="Create the first rule to judge accounts with."
        />
      ) : shown.length === 0 ? (
        <Text color="fg.muted">No rules match the filters.</Text>
      ) : (
        <RulesTable rules={shown} usedBy={usedBy} actions={actions} />
      )}
      <ProgramRulesCard programRules={programRules} catalogue={catalogue} />
    </Stack>
  );
}

function RulesContent({ actions }: { actions: RuleActions }) {
  const rules = useRuleCatalogue();
  const programRules = useProgramRules();
  if (rules.isPending || (rules.isError && rules.isFetching)) {
    return <PageLoading label="Loading rules..." />;
  }
  if (rules.isError) {
    return (
      <PageError
        title="Failed to load rules"
        error={rules.error}
        onRetry={() => void rules.refetch()}
      />
    );
  }
  return (
    <Tabs.Root defaultValue="rules" variant="line" lazyMount>
      <Tabs.List mb="4">
        <Tabs.Trigger value="rules">Rules ({rules.data.rules.length})</Tabs.Trigger>
        <Tabs.Trigger value="catalogue">Test Catalogue</Tabs.Trigger>
        <Tabs.Trigger value="assignments">Rule Assignments</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="rules">
        <RulesTab
          all={rules.data.rules}
          usedBy={rules.data.usedBy}
          catalogue={rules.catalogue}
          programRules={programRules}
          actions={actions}
        />
      </Tabs.Content>
      <Tabs.Content value="catalogue">
        <RulesTestCatalogue rules={rules.data.rules} />
      </Tabs.Content>
      <Tabs.Content value="assignments">
        <RuleAssignmentsView />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** `/rules/management` (spec 001 §2.17): the rules with their actions, the test catalogue, assignments. */
export function RulesManagementPage() {
  const [dialog, setDialog] = useState<RuleDialog>();
  const close = useCallback(() => setDialog(undefined), []);
  const actions = useRuleActions(setDialog);

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
      <RulesContent actions={actions} />
      <RuleDialogs dialog={dialog} onClose={close} />
    </>
  );
}
