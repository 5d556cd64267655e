import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { ruleCategorySchema } from '@shared/rules/rule-definition';
import { FieldFrame, OptionsSelect } from '@/components/ui/form';
import type { RuleCatalogue } from '@/lib/programs/program-columns';

/** Add Rule's panel: a rule of the catalogue the phase lacks, narrowed by category. */
export function AddRulePanel({
  catalogue,
  present,
  onAdd,
  onCancel,
}: {
  catalogue: RuleCatalogue;
  present: Set<string>;
  onAdd: (ruleId: string) => void;
  onCancel: () => void;
}) {
  const [category, setCategory] = useState('');
  const [ruleId, setRuleId] = useState('');
  const choices = [...catalogue.values()]
    .filter((rule) => !present.has(rule.ruleId))
    .filter((rule) => category === '' || rule.category === category)
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FieldFrame label="Category filter">
          <OptionsSelect
            size="sm"
            value={category}
            placeholder="All categories"
            options={ruleCategorySchema.options}
            onChange={(value) => {
              setCategory(value);
              setRuleId('');
            }}
          />
        </FieldFrame>
        <FieldFrame label="Rule">
          <OptionsSelect
            size="sm"
            value={ruleId}
            placeholder={choices.length === 0 ? 'No more rules to add' : 'Select a rule'}
            options={choices.map((rule) => ({
              value: rule.ruleId,
              label: `${rule.name} (${rule.ruleId})`,
            }))}
            onChange={setRuleId}
          />
        </FieldFrame>
      </SimpleGrid>
      <HStack>
        <Button
          size="sm"
          colorPalette="blue"
          disabled={ruleId === ''}
          onClick={() => onAdd(ruleId)}
        >
          Add
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}
