import { Button, Field, HStack, Heading, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { useDateVoids, useHeldBreaches, type HoldStateFilter } from '@/api/sync';
import { HeldBreachesTable } from './held-breaches-table';
import { VoidDateDialog } from './void-date-dialog';
import { VoidsTable } from './voids-table';

const FILTERS: { value: HoldStateFilter; label: string }[] = [
  { value: 'held', label: 'Held' },
  { value: 'released', label: 'Released' },
  { value: 'voided', label: 'Voided' },
  { value: 'all', label: 'All' },
];

const emptyDescriptions: Record<HoldStateFilter, string> = {
  held: 'Every breach of the synced dates was decided on inputs that passed the quality checks.',
  released: 'No held breach has been released yet.',
  voided: 'No held breach has had its date voided yet.',
  all: 'The quality checks have not held any breach yet.',
};

function HoldsContent({ state }: { state: HoldStateFilter }) {
  const holds = useHeldBreaches(state);
  if (holds.isPending || (holds.isError && holds.isFetching)) {
    return <PageLoading label="Loading held breaches..." />;
  }
  if (holds.isError) {
    return (
      <PageError
        title="Could not load held breaches"
        error={holds.error}
        onRetry={() => void holds.refetch()}
      />
    );
  }
  if (holds.data.data.length === 0) {
    return (
      <PageEmpty
        icon={<LuShieldCheck />}
        title={state === 'held' ? 'No breaches are held' : 'Nothing to show'}
        description={emptyDescriptions[state]}
      />
    );
  }
  return <HeldBreachesTable holds={holds.data.data} actions label="Held breaches" />;
}

function VoidsContent() {
  const voids = useDateVoids();
  if (voids.isPending || (voids.isError && voids.isFetching)) {
    return <PageLoading label="Loading voided dates..." />;
  }
  if (voids.isError) {
    return (
      <PageError
        title="Could not load voided dates"
        error={voids.error}
        onRetry={() => void voids.refetch()}
      />
    );
  }
  if (voids.data.data.length === 0) {
    return (
      <PageEmpty
        icon={<LuShieldCheck />}
        title="No voided dates"
        description="A date voided for some or all accounts is listed here with who voided it and why."
      />
    );
  }
  return <VoidsTable voids={voids.data.data} label="Voided dates" />;
}

/**
 * Held Breaches: breaches the input-quality gate held because the day's broker inputs
 * failed a check; staff release each (its status applies) or void its date, and void whole dates.
 */
export function HeldBreachesPage() {
  const [state, setState] = useState<HoldStateFilter>('held');
  const [voiding, setVoiding] = useState(false);
  return (
    <Stack gap="8">
      <div>
        <PageHeader
          title="Held Breaches"
          subtitle="Breaches decided on broker data that failed a quality check: the day is judged and shown, but the account's status waits for you to release it or void the date."
        />
        <HStack gap="4" justify="space-between" align="flex-end" flexWrap="wrap" mb="4">
          <Field.Root width="auto">
            <Field.Label>Show</Field.Label>
            <NativeSelect.Root size="sm" width="40">
              <NativeSelect.Field
                value={state}
                onChange={(event) => setState(event.currentTarget.value as HoldStateFilter)}
              >
                {FILTERS.map((filter) => (
                  <option key={filter.value} value={filter.value}>
                    {filter.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button colorPalette="red" variant="outline" size="sm" onClick={() => setVoiding(true)}>
            Void a date
          </Button>
        </HStack>
        <HoldsContent state={state} />
      </div>
      <Stack as="section" aria-labelledby="voided-dates-heading" gap="3">
        <Heading as="h2" size="md" id="voided-dates-heading">
          Voided dates
        </Heading>
        <VoidsContent />
      </Stack>
      {voiding && <VoidDateDialog onClose={() => setVoiding(false)} />}
    </Stack>
  );
}
