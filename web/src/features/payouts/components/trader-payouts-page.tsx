import { Button, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuWallet } from 'react-icons/lu';
import type { PayoutRecord, TraderPayoutAccount } from '@shared/payouts/payout';
import { useAuthStatus } from '@/api/auth';
import { useCancelPayout, useTraderPayouts } from '@/api/payouts';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { PayoutEligibilityView, phasePaysOut } from '@/components/payouts/payout-eligibility';
import { PayoutList } from '@/components/payouts/payout-list';
import { SectionCard } from '@/components/section/section-card';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { RequestPayoutForm } from './request-payout-form';

/**
 * The signed-in trader's id: the one their session carries, else the one the server put in their
 * verified token (`GET /api/auth/status`), as their dashboard link finds it.
 */
function useOwnTraderId(): { traderId: string | undefined; pending: boolean } {
  const user = useSession()?.user;
  const status = useAuthStatus(user?.traderId === undefined ? user?.user_id : undefined);
  if (user?.traderId) return { traderId: user.traderId, pending: false };
  return { traderId: status.data?.user?.traderId, pending: status.isLoading };
}

/** "Cancel request" of a payout still `requested`, after a confirmation. */
function CancelRequest({ payout }: { payout: PayoutRecord }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelPayout();
  if (payout.status !== 'requested') return null;
  const amount = formatMoney(payout.requestedAmount);
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        Cancel request
      </Button>
      <ConfirmDialog
        open={open}
        title="Cancel the payout request?"
        message={`Your request for ${amount} from ${payout.accountId} is withdrawn; you may request again later.`}
        confirmLabel="Cancel request"
        cancelLabel="Keep request"
        destructive
        isPending={cancel.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          cancel.mutate(
            { accountId: payout.accountId, payoutId: payout.payoutId },
            {
              onSuccess: () => {
                toaster.create({ type: 'success', title: 'Request cancelled', closable: true });
                setOpen(false);
              },
              onError: (error) => {
                toaster.create({
                  type: 'error',
                  title: 'Could not cancel the request',
                  description: errorText(error),
                  closable: true,
                });
                setOpen(false);
              },
            },
          )
        }
      />
    </>
  );
}

function AccountPayoutsCard({ account }: { account: TraderPayoutAccount }) {
  return (
    <SectionCard
      title={`Account ${account.accountId}`}
      label={`Payouts of account ${account.accountId}`}
    >
      <Stack gap="5">
        <PayoutEligibilityView eligibility={account.eligibility} audience="trader" />
        {phasePaysOut(account.eligibility) && (
          <RequestPayoutForm accountId={account.accountId} eligibility={account.eligibility} />
        )}
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Your payouts
          </Heading>
          <PayoutList
            payouts={account.payouts}
            actions={(payout) => <CancelRequest payout={payout} />}
          />
        </Stack>
      </Stack>
    </SectionCard>
  );
}

/**
 * Payouts (trader area): per account, what the trader may request now or exactly what is missing,
 * the request form, and their payouts with status and history; a pending request can be cancelled.
 */
export function TraderPayoutsPage() {
  const own = useOwnTraderId();
  const payouts = useTraderPayouts(own.traderId);

  let body;
  if (own.pending || (own.traderId !== undefined && payouts.isPending)) {
    body = <PageLoading label="Loading payouts..." />;
  } else if (own.traderId === undefined) {
    body = (
      <PageEmpty
        icon={<LuWallet />}
        title="No trading record"
        description="Payouts are for traders with funded accounts; your sign-in has no trader record."
      />
    );
  } else if (payouts.isError) {
    body = (
      <PageError
        title="Could not load your payouts"
        error={payouts.error}
        onRetry={() => void payouts.refetch()}
      />
    );
  } else if (payouts.data === undefined || payouts.data.accounts.length === 0) {
    body = (
      <PageEmpty
        icon={<LuWallet />}
        title="No accounts yet"
        description="When you have a funded account, what you may request appears here."
      />
    );
  } else {
    body = (
      <Stack gap="5">
        {payouts.data.accounts.map((account) => (
          <AccountPayoutsCard key={account.accountId} account={account} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <PageHeader
        title="Payouts"
        subtitle="What each of your accounts may pay out now, or what it still needs, and your payout requests."
      />
      {body}
    </Stack>
  );
}
