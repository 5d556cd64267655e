import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  AUDIT_FILTER_CHOICES,
  EMPTY_FILTERS,
  type AuditFilterField,
  type AuditFilterValues,
} from '../audit-search';
import { dateInputValue, tradingDateOfInput } from '@/lib/format';

const FIELDS: { field: AuditFilterField; label: string; placeholder?: string }[] = [
  { field: 'accountNumber', label: 'Account Number' },
  { field: 'firmUserId', label: 'Firm User ID' },
  { field: 'instrument', label: 'Instrument' },
  { field: 'orderNumber', label: 'Order Number' },
  { field: 'action', label: 'Action', placeholder: 'Any action' },
  { field: 'status', label: 'Status', placeholder: 'Any status' },
  { field: 'startDate', label: 'Start Date' },
  { field: 'endDate', label: 'End Date' },
];

const DATE_ORDER_MESSAGE = 'End Date must not be before Start Date';
const isDate = (field: AuditFilterField) => field === 'startDate' || field === 'endDate';

/**
 * The eight filters (spec 001 §2.14, §5): applied with Enter or Apply Filters, trimmed. Dates are
 * date pickers (the URL and the API keep YYYYMMDD); Action offers the spec's actions and any other
 * the collection holds (`actions`, from the overview), Status the spec's statuses. The inputs follow the URL when it changes from elsewhere (Back, a link), but not when it
 * catches up with what this form applied, so typing after Apply or Clear is never wiped.
 */
export function AuditFiltersForm({
  applied,
  actions = [],
  onApply,
}: {
  applied: AuditFilterValues;
  actions?: readonly string[];
  onApply: (filters: AuditFilterValues) => void;
}) {
  const [values, setValues] = useState(applied);
  const appliedKey = JSON.stringify(applied);
  const [shown, setShown] = useState(appliedKey);
  const [sent, setSent] = useState<string>();
  if (appliedKey !== shown) {
    setShown(appliedKey);
    if (appliedKey !== sent) setValues(applied);
  }
  const apply = (filters: AuditFilterValues) => {
    const trimmed = Object.fromEntries(
      Object.entries(filters).map(([field, value]) => [field, value.trim()]),
    ) as AuditFilterValues;
    setSent(JSON.stringify(trimmed));
    onApply(trimmed);
  };
  const { startDate, endDate } = values;
  const invalid = startDate !== '' && endDate !== '' && endDate < startDate;
  const dateError = (field: AuditFilterField) =>
    field === 'endDate' && invalid ? DATE_ORDER_MESSAGE : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) apply(values);
  };

  return (
    <Stack as="form" onSubmit={submit} gap="3" aria-label="Audit filters">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {FIELDS.map(({ field, label, placeholder }) => {
          const error = dateError(field);
          const known = AUDIT_FILTER_CHOICES[field];
          if (known) {
            const choices =
              field === 'action' ? [...new Set([...known, ...actions.filter(Boolean)])] : known;
            // A value from a link that is not one of the spec's (the broker's own) stays choosable.
            const options =
              values[field] === '' || choices.includes(values[field])
                ? choices
                : [...choices, values[field]];
            return (
              <Field.Root key={field}>
                <Field.Label>{label}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    name={field}
                    value={values[field]}
                    onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                  >
                    <option value="">{placeholder}</option>
                    {options.map((choice) => (
                      <option key={choice} value={choice}>
                        {choice}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            );
          }
          return (
            <Field.Root key={field} invalid={error !== undefined}>
              <Field.Label>{label}</Field.Label>
              {isDate(field) ? (
                <Input
                  type="date"
                  size="sm"
                  name={field}
                  value={dateInputValue(values[field])}
                  min={field === 'endDate' ? dateInputValue(startDate) || undefined : undefined}
                  max={field === 'startDate' ? dateInputValue(endDate) || undefined : undefined}
                  onChange={(event) =>
                    setValues({ ...values, [field]: tradingDateOfInput(event.target.value) ?? '' })
                  }
                />
              ) : (
                <Input
                  size="sm"
                  name={field}
                  value={values[field]}
                  placeholder={placeholder}
                  maxLength={200}
                  autoComplete="off"
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                />
              )}
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
          );
        })}
      </SimpleGrid>
      <HStack gap="2">
        <Button type="submit" size="sm" disabled={invalid}>
          Apply Filters
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            setValues(EMPTY_FILTERS);
            apply(EMPTY_FILTERS);
          }}
        >
          Clear
        </Button>
      </HStack>
    </Stack>
  );
}
