import { Box, Card, HStack, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { GREY_TONES } from '@/components/badges/badges';
import { Money } from '@/components/figures/money-text';
import type { AccountsOverview } from '../account-list';
import { formatCount } from '@/lib/format';

const SHARE_COLORS = {
  Active: 'green.solid',
  // Chakra's gray.solid is black in light mode and white in dark: the app's mid grey instead.
  Inactive: GREY_TONES.fill,
  'Admin Only': 'orange.solid',
};

/** Spec 000 §2 overview card: signed total balance, counts and the status distribution bar. */
export function AccountsOverviewCard({
  overview,
  note,
}: {
  overview: AccountsOverview;
  /** Said under the figures when they cover only part of the accounts (the rows read so far). */
  note?: string | undefined;
}) {
  const counts: [string, number][] = [
    ['Total Accounts', overview.total],
    ['Active', overview.active],
    ['Closed', overview.closed],
    ['Failed', overview.failed],
  ];
  return (
    <Card.Root size="sm" mb="6">
      <Card.Header>
        <Card.Title>Overview</Card.Title>
      </Card.Header>
      <Card.Body gap="4">
        <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
          <Stat.Root>
            <Stat.Label>Total Portfolio Balance</Stat.Label>
            <Stat.ValueText>
              <Money value={overview.totalBalance} signed aria-label="Total portfolio balance" />
            </Stat.ValueText>
            {overview.startingBalances > 0 && (
              // A dd, not Chakra's span: a stat is a <dl>, which may hold only dt/dd groups (axe).
              <Stat.HelpText as="dd">
                Includes {formatCount(overview.startingBalances)} starting balance
                {overview.startingBalances === 1 ? '' : 's'} of accounts never synced
              </Stat.HelpText>
            )}
          </Stat.Root>
          {counts.map(([label, value]) => (
            <Stat.Root key={label}>
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText aria-label={label}>{formatCount(value)}</Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
        <Box>
          <HStack
            gap="0"
            height="3"
            rounded="full"
            overflow="hidden"
            bg="bg.emphasized"
            role="img"
            aria-label={`Account distribution: ${overview.distribution
              .map((share) => `${share.status} ${share.percent}%`)
              .join(', ')}`}
          >
            {overview.distribution.map((share) =>
              share.count === 0 ? null : (
                <Box
                  key={share.status}
                  height="full"
                  bg={SHARE_COLORS[share.status]}
                  width={`${(share.count / Math.max(1, overview.total)) * 100}%`}
                />
              ),
            )}
          </HStack>
          <HStack gap="4" mt="2" wrap="wrap">
            {overview.distribution.map((share) => (
              <HStack key={share.status} gap="1.5">
                <Box boxSize="2.5" rounded="full" bg={SHARE_COLORS[share.status]} />
                <Text fontSize="sm">
                  {share.status} {share.percent}% ({formatCount(share.count)})
                </Text>
              </HStack>
            ))}
          </HStack>
        </Box>
        {note && (
          <Text fontSize="sm" color="fg.muted">
            {note}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
