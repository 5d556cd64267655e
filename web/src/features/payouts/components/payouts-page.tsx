import { Stack, Tabs } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuBanknote } from 'react-icons/lu';
import { PAYOUT_STATUSES, type PayoutStatus } from '@shared/payouts/payout';
import { usePayoutQueue } from '@/api/payouts';
import { DataTable } from '@/components/data-table/data-table';
import { PAYOUT_STATUS_LABELS } from '@/components/payouts/payout-status';
import { LoadMoreButton } from '@/components/section/load-more-button';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { isPageParam, useUrlFilters } from '@/lib/url-state';
import { DEFAULT_QUEUE_STATUS, readQueueStatus } from '../queue-status';
import { payoutColumns } from './payout-columns';
import { PayoutDetailPanel } from './payout-detail-panel';

const VIEW_PARAMS = ['status', 'payout'] as const;

const EMPTY_TEXTS: Record<PayoutStatus, string> = {
  requested: 'No payout is waiting for a decision.',
  approved: 'No approved payout is waiting to be paid.',
  rejected: 'No payout has been rejected.',
  paid: 'No payout has been paid yet.',
  cancelled: 'No request has been cancelled.',
};

function Queue({ status, onOpen, selected }: QueueProps) {
  const queue = usePayoutQueue(status);
  const columns = useMemo(() => payoutColumns(onOpen), [onOpen]);
  const payouts = useMemo(
    () => queue.data?.pages.flatMap((page) => page.payouts) ?? [],
    [queue.data],
  );
  if (queue.isPending || (queue.isError && queue.isFetching)) {
    return <PageLoading label="Loading payouts..." />;
  }
  if (queue.isError) {
    return (
      <PageError
        title="Could not load payouts"
        error={queue.error}
        onRetry={() => void queue.refetch()}
      />
    );
  }
  if (payouts.length === 0) {
    return (
      <PageEmpty
        icon={<LuBanknote />}
        title={`No ${PAYOUT_STATUS_LABELS[status].toLowerCase()} payouts`}
        description={EMPTY_TEXTS[status]}
      />
    );
  }
  return (
    <Stack gap="3" align="start">
      <DataTable
        label={`${PAYOUT_STATUS_LABELS[status]} payouts`}
        data={payouts}
        columns={columns}
        getRowId={(payout) => payout.payoutId}
        defaultSorting={[{ id: 'requestedAt', desc: status !== 'requested' }]}
        highlightedRowId={selected}
        paging
      />
      <LoadMoreButton pages={queue} />
    </Stack>
  );
}

interface QueueProps {
  status: PayoutStatus;
  selected: string | undefined;
  onOpen: (payout: { payoutId: string }) => void;
}

/**
 * Payouts (staff): the queue of one status (requests first, oldest first), in the URL as `?status=`,
 * and the payout opened from it (`?payout=`) with its account's evidence and the decisions its status
 * allows: approve (or less), reject with a reason, mark paid.
 */
export function PayoutsPage() {
  // Another status is another table: its first page, its own order.
  const [view, update] = useUrlFilters(VIEW_PARAMS, {
    resets: (name) => isPageParam(name) || name === 'sort',
  });
  const status = readQueueStatus(view.status);
  const selected = view.payout || undefined;
  const onOpen = useMemo(
    () => (payout: { payoutId: string }) => update({ payout: payout.payoutId }),
    [update],
  );

  return (
    <Stack gap="5">
      <PageHeader
        title="Payouts"
        subtitle="Payout requests of funded traders: approve (or approve less), reject with a reason, and mark approved payouts paid."
      />
      <Tabs.Root
        value={status}
        onValueChange={(details) =>
          update({
            status: details.value === DEFAULT_QUEUE_STATUS ? '' : details.value,
            payout: '',
          })
        }
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Tabs.List mb="4" overflowX="auto" overflowY="hidden" aria-label="Payout status">
          {PAYOUT_STATUSES.map((value) => (
            <Tabs.Trigger key={value} value={value} whiteSpace="nowrap" flexShrink="0">
              {PAYOUT_STATUS_LABELS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {PAYOUT_STATUSES.map((value) => (
          <Tabs.Content key={value} value={value}>
            <Queue status={value} selected={selected} onOpen={onOpen} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {selected && <PayoutDetailPanel payoutId={selected} onClose={() => update({ payout: '' })} />}
    </Stack>
  );
}
