import { Button, CloseButton, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { PAYOUT_TRANSITIONS, type PayoutRecord } from '@shared/payouts/payout';
import { usePayout } from '@/api/payouts';
import { TraderLink } from '@/components/account-links/account-links';
import { DownloadEvidenceButton } from '@/components/evidence/download-evidence-button';
import { AccountPayoutsSection } from '@/components/payouts/account-payouts-section';
import { PayoutItem } from '@/components/payouts/payout-list';
import { SectionCard } from '@/components/section/section-card';
import { AccountVerdictSection } from '@/components/verdict/account-verdict-section';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { PayoutDecisionDialog, type DecisionKind } from './decision-dialogs';

/** The decisions a payout's status allows, in the order the buttons show. */
export function decisionsFor(payout: PayoutRecord): DecisionKind[] {
  const next = PAYOUT_TRANSITIONS[payout.status];
  const kinds: DecisionKind[] = [];
  if (next.includes('approved')) kinds.push('approve');
  if (next.includes('paid')) kinds.push('pay');
  if (next.includes('rejected')) kinds.push('reject');
  return kinds;
}

const BUTTON_LABELS: Record<DecisionKind, string> = {
  approve: 'Approve',
  pay: 'Mark paid',
  reject: 'Reject',
};

function DecisionButtons({ payout }: { payout: PayoutRecord }) {
  const [open, setOpen] = useState<DecisionKind>();
  const kinds = decisionsFor(payout);
  // The open dialog stays when its payout moves on (a 409): it says why the decision was refused.
  return (
    <HStack gap="2" wrap="wrap" hidden={kinds.length === 0 && open === undefined}>
      {kinds.map((kind) => (
        <Button
          key={kind}
          size="sm"
          colorPalette={kind === 'reject' ? 'red' : 'blue'}
          variant={kind === 'reject' ? 'outline' : 'solid'}
          onClick={() => setOpen(kind)}
        >
          {BUTTON_LABELS[kind]}
        </Button>
      ))}
      {open && (
        <PayoutDecisionDialog kind={open} payout={payout} onClose={() => setOpen(undefined)} />
      )}
    </HStack>
  );
}

/**
 * One payout beside the queue: its figures and history, the decisions its status allows, and the
 * account's evidence at hand (its judged standing, its eligibility and other payouts, the evidence
 * pack, a link to the account).
 */
export function PayoutDetailPanel({
  payoutId,
  onClose,
}: {
  payoutId: string;
  onClose: () => void;
}) {
  const payout = usePayout(payoutId);
  const close = <CloseButton size="sm" aria-label="Close the payout" onClick={onClose} />;
  if (payout.isPending) {
    return (
      <SectionCard title="Payout" actions={close}>
        <Spinner role="status" aria-label="Loading payout" />
      </SectionCard>
    );
  }
  if (payout.isError) {
    return (
      <SectionCard title="Payout" actions={close}>
        <Text color="fg.error">Failed to load the payout: {errorText(payout.error)}</Text>
      </SectionCard>
    );
  }
  const record = payout.data.payout;
  return (
    <Stack gap="5">
      <SectionCard title={`Payout of ${record.accountId}`} actions={close}>
        <Stack gap="4">
          <HStack gap="3" wrap="wrap" justify="space-between">
            <HStack gap="3" wrap="wrap">
              <Text>
                Trader <TraderLink traderId={record.traderId} />
              </Text>
              <Link asChild colorPalette="blue">
                <RouterLink to={paths.accountDetails.href({ accountId: record.accountId })}>
                  Open account {record.accountId} <LuExternalLink aria-hidden />
                </RouterLink>
              </Link>
            </HStack>
            <DownloadEvidenceButton accountId={record.accountId} size="sm" />
          </HStack>
          <PayoutItem payout={record} actions={<DecisionButtons payout={record} />} />
        </Stack>
      </SectionCard>
      <AccountVerdictSection accountId={record.accountId} />
      <AccountPayoutsSection accountId={record.accountId} audience="staff" />
    </Stack>
  );
}
