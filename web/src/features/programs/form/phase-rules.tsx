import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import type { PhaseRuleReferenceBody } from '@shared/programs/program-body';
import type { RuleCatalogue } from '@/lib/programs/program-columns';
import { AddRulePanel } from './add-rule-panel';
import type { ProgramFormValues } from './form-values';
import { RuleRow } from './rule-row';

/** Spec 001 §9: a new rule reference starts enabled with priority 100. */
export function newRuleReference(ruleId: string): PhaseRuleReferenceBody {
  return { ruleId, enabled: true, priority: 100, parameterOverrides: {}, customMessages: {} };
}

/** Spec 001 §2.5 Phase Rules: the phase's rule references, each editable, and Add Rule. */
export function PhaseRules({
  phaseIndex,
  catalogue,
  readOnly,
}: {
  phaseIndex: number;
  catalogue: RuleCatalogue;
  readOnly: boolean;
}) {
  const { control } = useFormContext<ProgramFormValues>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `phases.${phaseIndex}.rules.rules`,
  });
  const [adding, setAdding] = useState(false);
  const present = new Set(fields.map((field) => field.ruleId));
  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Text fontWeight="semibold">Phase Rules</Text>
        {!adding && !readOnly && (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <LuPlus /> Add Rule
          </Button>
        )}
      </HStack>
      {adding && (
        <AddRulePanel
          catalogue={catalogue}
          present={present}
          onCancel={() => setAdding(false)}
          onAdd={(ruleId) => {
            append(newRuleReference(ruleId));
            setAdding(false);
          }}
        />
      )}
      {fields.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No rules in this phase yet.
        </Text>
      ) : (
        <Stack gap="2" role="list" aria-label={`Rules of phase ${phaseIndex + 1}`}>
          {fields.map((field, ruleIndex) => (
            <RuleRow
              key={field.id}
              phaseIndex={phaseIndex}
              ruleIndex={ruleIndex}
              catalogue={catalogue}
              readOnly={readOnly}
              onRemove={() => remove(ruleIndex)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
