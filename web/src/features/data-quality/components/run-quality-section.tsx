import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { useDateVoids, useHeldBreachesOfDates } from '@/api/sync';
import { HeldBreachesTable } from './held-breaches-table';
import { VoidsTable } from './voids-table';

/**
 * The held breaches and voids of a sync run's dates, for the run's page: self-contained (its own
 * queries); holds are acted on from the Held Breaches screen it links to.
 */
export function RunQualitySection({ dates }: { dates: string[] }) {
  const holds = useHeldBreachesOfDates(dates);
  const voids = useDateVoids(dates);
  const loading =
    dates.length > 0 && (holds.isPending || voids.isPending || (holds.isError && holds.isFetching));
  return (
    <Stack as="section" aria-labelledby="run-quality-heading" gap="3">
      <Heading as="h2" size="md" id="run-quality-heading">
        Held breaches and voids
      </Heading>
      {dates.length === 0 ? (
        <Text color="fg.muted">The run has no dates yet.</Text>
      ) : loading ? (
        <PageLoading label="Loading held breaches and voids..." />
      ) : holds.isError || voids.isError ? (
        <PageError
          title="Could not load held breaches and voids"
          error={holds.error ?? voids.error}
          onRetry={() => {
            void holds.refetch();
            void voids.refetch();
          }}
        />
      ) : (
        <>
          {holds.data && holds.data.data.length > 0 ? (
            <>
              <HeldBreachesTable holds={holds.data.data} label="Held breaches of the run" />
              <Link asChild colorPalette="blue" alignSelf="flex-start">
                <RouterLink to="/sync/held-breaches">Release or void on Held Breaches</RouterLink>
              </Link>
            </>
          ) : (
            <Text color="fg.muted">No breach of these dates was held.</Text>
          )}
          {voids.data && voids.data.data.length > 0 ? (
            <VoidsTable voids={voids.data.data} label="Voids of the run's dates" />
          ) : (
            <Text color="fg.muted">No account-date of these dates was voided.</Text>
          )}
        </>
      )}
    </Stack>
  );
}
