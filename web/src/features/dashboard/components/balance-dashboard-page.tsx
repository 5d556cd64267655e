import { Card, SimpleGrid, Stat } from '@chakra-ui/react';
import { PageHeader } from '@/components/ui/page-header';
import { formatMoney } from '@/lib/format';

/** The demo figures of spec 000 §9: fixed, not fetched. */
const balances = [
  { label: 'Current Balance', amount: 5250.75 },
  { label: 'Starting Balance', amount: 4800.5 },
  { label: 'Highest Balance', amount: 6125.99 },
];

export function BalanceDashboardPage() {
  return (
    <>
      <PageHeader title="Financial Dashboard" subtitle="Demo balances of a sample account." />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {balances.map((balance) => (
          <Card.Root key={balance.label} variant="outline">
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{balance.label}</Stat.Label>
                <Stat.ValueText>{formatMoney(balance.amount)}</Stat.ValueText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </>
  );
}
