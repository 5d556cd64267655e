import { HStack, Icon, List, Stack, Text, chakra } from '@chakra-ui/react';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';
import type { PayoutEligibility } from '@shared/payouts/payout';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';

/** "you receive 90%" for the trader, "the trader receives 90%" for staff. */
export function profitSplitText(profitSplit: number, audience: 'trader' | 'staff'): string {
  const who = audience === 'trader' ? 'you receive' : 'the trader receives';
  return `${who} ${formatNumber(profitSplit, 2)}%`;
}

/** Whether the account's phase pays out at all (else nothing can be requested from it). */
export function phasePaysOut(eligibility: PayoutEligibility): boolean {
  return eligibility.requirements.find((requirement) => requirement.id === 'phase')?.met !== false;
}

/**
 * What an account may request now: the most and the profit split when eligible, else every
 * requirement with the server's sentence, the met ones ticked and the missing ones crossed (the words
 * "Met" and "Missing" are said too, not only the icon's colour).
 */
export function PayoutEligibilityView({
  eligibility,
  audience,
}: {
  eligibility: PayoutEligibility;
  audience: 'trader' | 'staff';
}) {
  const missing = eligibility.requirements.filter((requirement) => !requirement.met);
  if (!phasePaysOut(eligibility)) {
    // A phase that never pays out: the other requirements would only be noise.
    const phase = eligibility.requirements.find((requirement) => requirement.id === 'phase');
    return <Text color="fg.muted">{phase?.text}: no payouts from this account.</Text>;
  }
  return (
    <Stack gap="2">
      {eligibility.eligible ? (
        <Text fontWeight="semibold">
          {audience === 'trader' ? 'You may request up to ' : 'May request up to '}
          <chakra.span fontVariantNumeric="tabular-nums">
            {formatMoney(eligibility.maxAmount)}
          </chakra.span>{' '}
          · {profitSplitText(eligibility.profitSplit, audience)}
        </Text>
      ) : (
        <Text fontWeight="semibold">
          Not eligible for a payout yet: {missing.length}{' '}
          {missing.length === 1 ? 'requirement is' : 'requirements are'} missing.
        </Text>
      )}
      {eligibility.requirements.length > 0 && (
        <List.Root variant="plain" gap="1" aria-label="Payout requirements">
          {eligibility.requirements.map((requirement) => (
            <List.Item key={requirement.id}>
              <HStack gap="2" align="flex-start">
                <Icon
                  as={requirement.met ? LuCircleCheck : LuCircleX}
                  color={requirement.met ? 'fg.success' : 'fg.error'}
                  mt="0.5"
                  aria-hidden
                />
                <Text>
                  <chakra.span srOnly>{requirement.met ? 'Met: ' : 'Missing: '}</chakra.span>
                  {requirement.text}
                </Text>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
      <Text fontSize="sm" color="fg.muted">
        Judged through {formatDate(eligibility.latestJudgedDate)}.
      </Text>
    </Stack>
  );
}
