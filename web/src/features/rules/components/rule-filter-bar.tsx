import { Button, Field, Flex, Input } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';
import { ruleCategorySchema, ruleTypeSchema } from '@shared/rules/rule-definition';
import { FieldFrame, OptionsSelect } from '@/components/ui/form';
import { useUrlFilters, useUrlSearch } from '@/lib/url-state';
import { RULE_SELECT_PARAMS, type RuleFilterValues } from '../rule-filters';

/** Search (`q`, typed text kept whole) and the Category and Type selects, all in the URL. */
export function useRuleFilters() {
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

/** The two selects: each lists `allText` (the empty value) first, then every option. */
const SELECTS = [
  {
    name: 'category',
    label: 'Category',
    maxW: '48',
    allText: 'All categories',
    options: ruleCategorySchema.options,
  },
  {
    name: 'type',
    label: 'Type',
    maxW: '40',
    allText: 'All types',
    options: ruleTypeSchema.options,
  },
] as const;

/** The Rules tab's search box, Category and Type selects, and Clear. */
export function RuleFilterBar({
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
      {SELECTS.map(({ name, label, maxW, allText, options }) => (
        <FieldFrame key={name} label={label} maxW={{ md: maxW }}>
          <OptionsSelect
            value={filters[name]}
            options={options}
            onChange={(value) => setFilter(name, value)}
            placeholder={allText}
          />
        </FieldFrame>
      ))}
      <Button variant="outline" onClick={clear}>
        <LuX /> Clear
      </Button>
    </Flex>
  );
}
