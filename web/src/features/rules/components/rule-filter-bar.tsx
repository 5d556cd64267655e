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
