import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { PayoutRecord } from '@shared/payouts/payout';
import { FieldList, type FieldRow } from '@/components/figures/field-list';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { PAYOUT_METHOD_LABELS } from './payout-methods';
import { PayoutHistory } from './payout-history';
import { PayoutStatusBadge } from './payout-status';

/** A payout's figures: the amounts, when it was asked, and how it ended (rejection or payment). */
export function payoutFields(payout: PayoutRecord): FieldRow[] {
  const rows: FieldRow[] = [
    ['Requested', formatMoney(payout.requestedAmount)],
    ['Requested at', formatDateTime(payout.requestedAt)],
  ];
  if (payout.approvedAmount !== undefined) {
    rows.push(['Approved', formatMoney(payout.approvedAmount)]);
  }
  if (payout.judgedDate) rows.push(['Checked against', formatDate(payout.judgedDate)]);
  if (payout.rejection) {
    rows.push(['Reason', payout.rejection.reason]);
    rows.push(['Profit', payout.rejection.profitForfeited ? 'Forfeited' : 'Stays in the account']);
  }
  if (payout.payment) {
    rows.push(['Paid on', formatDate(payout.payment.date)]);
    rows.push(['Method', PAYOUT_METHOD_LABELS[payout.payment.method]]);
    rows.push(['Reference', payout.payment.reference]);
  }
  return rows;
}

/** One payout: its status and amount, its figures and its history (who, when, why). */
export function PayoutItem({ payout, actions }: { payout: PayoutRecord; actions?: ReactNode }) {
  const title = `Payout of ${formatMoney(payout.approvedAmount ?? payout.requestedAmount)}`;
  return (
    <Box
      as="article"
      aria-label={`${title}, ${payout.status}`}
      borderWidth="1px"
      borderRadius="md"
      p="3"
    >
      <Stack gap="3">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <HStack gap="2" wrap="wrap">
            <PayoutStatusBadge status={payout.status} />
            <Text fontWeight="semibold">{title}</Text>
          </HStack>
          {actions}
        </HStack>
        <FieldList items={payoutFields(payout)} labelWidth="8rem" breakWords />
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="semibold">
            History
          </Text>
          <PayoutHistory history={payout.history} label={`History of ${title}`} />
        </Stack>
      </Stack>
    </Box>
  );
}

/** The payouts of an account, newest first; `actions` adds the viewer's buttons to each. */
export function PayoutList({
  payouts,
  actions,
}: {
  payouts: PayoutRecord[];
  actions?: (payout: PayoutRecord) => ReactNode;
}) {
  if (payouts.length === 0) {
    return <Text color="fg.muted">No payouts requested yet.</Text>;
  }
  return (
    <Stack gap="3">
      {payouts.map((payout) => (
        <PayoutItem key={payout.payoutId} payout={payout} actions={actions?.(payout)} />
      ))}
    </Stack>
  );
}
