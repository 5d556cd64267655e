import { Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Mono } from '@/components/figures/mono-text';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';

export const TRADER_DETAILS_FALLBACK_ERROR = 'Failed to fetch trader details';

/** Spec 000 §8: 'Error loading trader data: {message}', the server's message when it gave one. */
export function traderErrorText(error: unknown): string {
  const message = error instanceof Error ? errorText(error) : '';
  return `Error loading trader data: ${message || TRADER_DETAILS_FALLBACK_ERROR}`;
}

export function BackToTraders() {
  // A trader opens their own details from their dashboard (trader layout): the way back is there.
  const isTrader = useSession()?.user.role === 'trader';
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
      <RouterLink to={isTrader ? paths.myDashboard.href() : paths.traders.href()}>
        <LuArrowLeft aria-hidden /> {isTrader ? 'Back to Dashboard' : 'Back to Traders'}
      </RouterLink>
    </Button>
  );
}

/** The trader's other screens, in the order staff walk them. */
function traderLinks(traderId: string): [string, string][] {
  return [
    ['Trader Summary', paths.traderSummary.href({ traderId })],
    ['Trader Daily Summary', paths.traderDailySummary.href({ traderId })],
    ['Accounts Overview', paths.traderAccountsOverview.href({ id: traderId })],
    ['Accounts', paths.traderAccounts.href({ id: traderId })],
    ['Trader Dashboard', paths.traderDashboard.href({ id: traderId })],
  ];
}

/** 'Trader Details: {name}', the trader's id and the links to the trader's other screens. */
export function TraderDetailsHeader({
  fullName,
  traderId,
}: {
  fullName: string;
  traderId: string;
}) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        Trader Details: {fullName}
      </Heading>
      <Text color="fg.muted">
        Trader ID <Mono>{traderId}</Mono>
      </Text>
      <HStack gap="4" wrap="wrap" fontSize="sm">
        {traderLinks(traderId).map(([label, href]) => (
          <Link key={label} asChild colorPalette="blue">
            <RouterLink to={href}>{label}</RouterLink>
          </Link>
        ))}
      </HStack>
    </Stack>
  );
}
