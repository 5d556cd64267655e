import { Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { readBrokerHints } from '../trader-storage';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold">
        {value}
      </Text>
    </Stack>
  );
}

/**
 * /trader-interface, 'Trading Dashboard' (spec 001 §2.23): the trader's id and email, the quick
 * actions and the static performance summary the spec shows.
 */
export function TraderInterfacePage() {
  const session = useSession();
  const hints = readBrokerHints();
  const traderId = session?.user.traderId ?? hints.rithmicUserId;
  const email = session?.user.email ?? hints.email;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Trading Dashboard
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Heading size="md">Account Information</Heading>
          </Card.Header>
          <Card.Body gap="3">
            <Figure label="Trader ID" value={traderId || 'Not available'} />
            <Figure label="Email" value={email || 'Not available'} />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Heading size="md">Quick Actions</Heading>
          </Card.Header>
          <Card.Body>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
              <Button variant="outline">View Positions</Button>
              <Button variant="outline">Place Order</Button>
              <Button variant="outline">Market Analysis</Button>
            </Stack>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Heading size="md">Performance Summary</Heading>
          </Card.Header>
          <Card.Body>
            <SimpleGrid columns={3} gap="3">
              <Figure label="P&L Today" value={formatMoney(0)} />
              <Figure label="Open Positions" value="0" />
              <Figure label="Trades Today" value="0" />
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Heading size="md">Recent Activity</Heading>
          </Card.Header>
          <Card.Body>
            <Text color="fg.muted">No recent activity</Text>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
