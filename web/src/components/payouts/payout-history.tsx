import { HStack, List, Stack, Text } from '@chakra-ui/react';
import type { PayoutTransition } from '@shared/payouts/payout';
import { formatDateTime, formatMoney } from '@/lib/format';
import { PayoutStatusBadge } from './payout-status';

/** Who moved a payout: staff by their e-mail, the trader as "the trader" with their id. */
function whoText(entry: PayoutTransition): string {
  return entry.byRole === 'trader' ? `trader ${entry.by}` : entry.by;
}

/** A payout's moves, oldest first: the status, the amount at that move, who, when and why. */
export function PayoutHistory({ history, label }: { history: PayoutTransition[]; label: string }) {
  return (
    <List.Root as="ol" variant="plain" gap="2" aria-label={label}>
      {history.map((entry, index) => (
        <List.Item key={`${entry.at}-${index}`} display="block">
          <Stack gap="0.5">
            <HStack gap="2" wrap="wrap">
              <PayoutStatusBadge status={entry.status} />
              {entry.amount !== undefined && (
                <Text as="span" fontVariantNumeric="tabular-nums">
                  {formatMoney(entry.amount)}
                </Text>
              )}
              <Text as="span" color="fg.muted" fontSize="sm">
                by {whoText(entry)} · {formatDateTime(entry.at)}
              </Text>
            </HStack>
            {entry.note && (
              <Text fontSize="sm" ps="1">
                “{entry.note}”
              </Text>
            )}
          </Stack>
        </List.Item>
      ))}
    </List.Root>
  );
}
