import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAccountPayouts } from '@/api/payouts';
import { SectionCard } from '@/components/section/section-card';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { PayoutEligibilityView } from './payout-eligibility';
import { PayoutList } from './payout-list';

/**
 * "Payouts" of an account page (staff Account Details, the trader's own dashboard): what the account
 * may request now or what it lacks, and its payouts with who moved each, when and why.
 */
export function AccountPayoutsSection({
  accountId,
  audience,
}: {
  accountId: string;
  audience: 'trader' | 'staff';
}) {
  const payouts = useAccountPayouts(accountId);
  // The trader asks on their Payouts page, where every account's request form is.
  const request = audience === 'trader' && payouts.data?.eligibility.eligible === true && (
    <Button asChild size="sm" colorPalette="blue">
      <RouterLink to={paths.traderPayouts.href()}>Request a payout</RouterLink>
    </Button>
  );
  return (
    <SectionCard
      title="Payouts"
      count={payouts.data?.payouts.length}
      actions={request || undefined}
    >
      {payouts.isPending ? (
        <Spinner role="status" aria-label="Loading payouts" />
      ) : payouts.isError ? (
        <Text color="fg.error">Failed to load the payouts: {errorText(payouts.error)}</Text>
      ) : (
        <Stack gap="4">
          <PayoutEligibilityView eligibility={payouts.data.eligibility} audience={audience} />
          <PayoutList payouts={payouts.data.payouts} />
        </Stack>
      )}
    </SectionCard>
  );
}
