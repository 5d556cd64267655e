import { Badge, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuFilePlus, LuLink } from 'react-icons/lu';
import type { RuleBodyInput } from '@shared/programs/rule-body';
import { ruleCategorySchema, type RuleDefinition } from '@shared/rules/rule-definition';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorText } from '@/lib/api-client';
import { useProgramRules } from '@/api/programs';
import { useRuleCatalogue } from '@/api/rules';
import { RULE_TEMPLATES, blankRule, ruleFromTemplate } from '../rule-templates';
import { previewValue } from '@/lib/rules/value-preview';
import { ProgramRuleFormDialog } from './program-rule-form';
import { RuleFormDialog, ruleToFormValues } from './rule-form';

/** How many of the catalogue's rules the page shows as samples. */
const SAMPLE_COUNT = 6;

/** Spec 001 §8 rule demo save: the response text, else 'Failed with status {code}', else 'Failed to save rule'. */
export function demoSaveFailure(error: unknown): string {
  return errorText(
    error,
    error instanceof ApiError ? `Failed with status ${error.status}` : 'Failed to save rule',
  );
}

type Open =
  | { kind: 'rule'; mode: 'create' | 'edit'; initial: RuleBodyInput; stored?: RuleDefinition }
  | { kind: 'program-rule' };

/** Opens the rule form: blank or from a template to create, or with a stored rule to edit it. */
type OpenRule = (initial: RuleBodyInput, stored?: RuleDefinition) => void;

/** A sample card's one button, named for what it acts on. */
function CardButton({
  name,
  onClick,
  children,
}: {
  name: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="xs" variant="outline" alignSelf="flex-start" aria-label={name} onClick={onClick}>
      {children}
    </Button>
  );
}

function DemoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3">
      <Text fontSize="lg" fontWeight="semibold">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function TemplateCards({ openRule }: { openRule: OpenRule }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
      {ruleCategorySchema.options.map((category) => {
        const template = RULE_TEMPLATES[category];
        return (
          <Card.Root key={category} size="sm" variant="outline">
            <Card.Body gap="2">
              <Text fontWeight="semibold">{template.label}</Text>
              <Text fontSize="sm" color="fg.muted">
                {template.description}
              </Text>
              <CardButton
                name={`Use the ${template.label} template`}
                onClick={() => openRule(ruleFromTemplate(category, Date.now()))}
              >
                Use template
              </CardButton>
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}

function SampleRules({ rules, openRule }: { rules: RuleDefinition[]; openRule: OpenRule }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="3">
      {rules.slice(0, SAMPLE_COUNT).map((rule) => (
        <Card.Root key={rule.ruleId} size="sm" variant="outline">
          <Card.Body gap="2">
            <HStack justify="space-between">
              <Text fontWeight="semibold">{rule.name}</Text>
              <Badge>{rule.category}</Badge>
            </HStack>
            <Text fontSize="xs" fontFamily="mono" color="fg.muted">
              {Object.entries(rule.testParameters)
                .map(([name, value]) => `${name}: ${previewValue(value)}`)
                .join(' · ')}
            </Text>
            <CardButton
              name={`Edit ${rule.name}`}
              onClick={() => openRule(ruleToFormValues(rule), rule)}
            >
              Edit
            </CardButton>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** Spec 001 §2.18: the rule form and the program-rule form, with samples and templates. */
export function RulesDemoPage() {
  const rules = useRuleCatalogue();
  const programRules = useProgramRules();
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  const openRule: OpenRule = (initial, stored) =>
    setOpen({ kind: 'rule', mode: stored ? 'edit' : 'create', initial, stored });

  return (
    <>
      <PageHeader
        title="Rules Form Demo"
        subtitle="Create and edit rule definitions, and add rules to program phases."
        actions={
          <>
            <Button colorPalette="blue" onClick={() => openRule(blankRule())}>
              <LuFilePlus /> Create New Rule
            </Button>
            <Button variant="outline" onClick={() => setOpen({ kind: 'program-rule' })}>
              <LuLink /> Add Rule to Program
            </Button>
          </>
        }
      />

      <Stack gap="8">
        <DemoSection title="Available templates">
          <TemplateCards openRule={openRule} />
        </DemoSection>

        <DemoSection title="Sample rules">
          {rules.isPending && <PageLoading label="Loading rules..." />}
          {rules.isError && (
            <PageError
              title="Failed to load rules"
              error={rules.error}
              onRetry={() => void rules.refetch()}
            />
          )}
          {rules.data && <SampleRules rules={rules.data.rules} openRule={openRule} />}
        </DemoSection>

        <DemoSection title="Sample program rules">
          {programRules.data && (
            <Stack gap="2">
              {Object.entries(programRules.data).map(([programId, configuration]) => (
                <HStack key={programId} gap="2" wrap="wrap">
                  <Text fontFamily="mono" fontWeight="medium" minW="32">
                    {programId}
                  </Text>
                  {configuration.rules.map((rule) => (
                    <Badge key={rule.ruleId} variant="outline" title={`Priority ${rule.priority}`}>
                      {rules.catalogue.get(rule.ruleId)?.name ?? rule.ruleId} · {rule.priority}
                    </Badge>
                  ))}
                </HStack>
              ))}
            </Stack>
          )}
          {programRules.isPending && <Text color="fg.muted">Loading program rules...</Text>}
        </DemoSection>
      </Stack>

      {open?.kind === 'rule' && (
        <RuleFormDialog
          mode={open.mode}
          initial={open.initial}
          stored={open.stored}
          showTemplates
          failureText={demoSaveFailure}
          onClose={close}
          onSaved={(rule) => {
            toaster.create({ type: 'success', title: `Rule "${rule.name}" saved` });
            close();
          }}
        />
      )}
      {open?.kind === 'program-rule' && (
        <ProgramRuleFormDialog
          onClose={close}
          onAssigned={({ prefix, phaseId }, result) => {
            toaster.create({
              type: 'success',
              title: `Rule added to ${prefix} / ${phaseId} (version ${result.version})`,
            });
            close();
          }}
        />
      )}
    </>
  );
}
