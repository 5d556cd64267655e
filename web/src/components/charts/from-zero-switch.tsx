import { HStack, Switch, Text } from '@chakra-ui/react';

/** Decision 41: balance charts fit their y-axis to the data; this switch starts it at zero. */
export function FromZeroSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <HStack gap="2" justify="flex-end">
      <Switch.Root
        size="sm"
        checked={checked}
        onCheckedChange={(details) => onChange(details.checked)}
      >
        <Switch.HiddenInput aria-label="Y axis from zero" />
        <Switch.Control />
        <Switch.Label>
          <Text fontSize="sm">From zero</Text>
        </Switch.Label>
      </Switch.Root>
    </HStack>
  );
}
