import { Box, Stack, Text, chakra } from '@chakra-ui/react';
import type { TraderAccount } from '@shared/traders/trader-account';
import { RithmicStatusBadge } from '@/components/badges/badges';
import { MISSING, formatMoney } from '@/lib/format';
import { accountBalanceOf } from './account-summary-table';

const SelectButton = chakra('button');

/**
 * The accounts list that drives the chart (spec 000 §2): a click on an Active account charts it alone;
 * the chart plots only Active accounts, so the others are listed but cannot be chosen.
 */
export function ChartAccountList({
  accounts,
  colorOf,
  selected,
  onSelect,
}: {
  accounts: TraderAccount[];
  colorOf: (accountId: string) => string | undefined;
  selected: string | undefined;
  onSelect: (accountId: string) => void;
}) {
  if (accounts.length === 0) return <Text color="fg.muted">No accounts.</Text>;
  return (
    <Stack as="ul" gap="2" aria-label="Accounts" listStyleType="none">
      {accounts.map((account) => {
        const color = colorOf(account.accountId);
        const active = account.rithmicStatus === 'Active';
        const isSelected = selected === account.accountId;
        return (
          <li key={account.accountId}>
            <SelectButton
              type="button"
              width="full"
              textAlign="start"
              display="flex"
              alignItems="center"
              gap="3"
              px="3"
              py="2"
              rounded="md"
              borderWidth="1px"
              borderColor={isSelected ? 'blue.solid' : 'border'}
              bg={isSelected ? 'blue.subtle' : 'transparent'}
              cursor={active ? 'pointer' : 'not-allowed'}
              opacity={active ? 1 : 0.7}
              _hover={active ? { bg: isSelected ? 'blue.subtle' : 'bg.muted' } : undefined}
              disabled={!active}
              aria-pressed={isSelected}
              title={
                active
                  ? `Show ${account.accountId} on the chart`
                  : 'Only Active accounts are charted'
              }
              onClick={() => onSelect(account.accountId)}
            >
              <Box
                boxSize="3"
                rounded="full"
                flexShrink={0}
                bg={color ?? 'transparent'}
                borderWidth={color ? 0 : '1px'}
                aria-hidden
              />
              <Stack gap="0" flex="1" minW="0">
                <Text fontFamily="mono" fontSize="sm" truncate>
                  {account.accountId}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {account.program?.name ?? account.name ?? MISSING}
                </Text>
              </Stack>
              <Stack gap="1" align="flex-end" flexShrink={0}>
                <RithmicStatusBadge status={account.rithmicStatus} />
                <Text fontSize="xs">{formatMoney(accountBalanceOf(account))}</Text>
              </Stack>
            </SelectButton>
          </li>
        );
      })}
    </Stack>
  );
}
