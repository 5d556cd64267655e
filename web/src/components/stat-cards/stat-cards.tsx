import { Card, SimpleGrid, Stat } from '@chakra-ui/react';
import { MISSING } from '@/lib/format';

/**
 * A row of four count cards above a list page (firms, releases): `…` while the counts load, `—` when
 * they failed. Each value is named by `valueLabel` of its card's label.
 */
export function StatCards({
  label,
  cards,
  failed,
  valueLabel = (cardLabel) => cardLabel,
}: {
  label: string;
  cards: readonly (readonly [label: string, value: number | undefined])[];
  failed: boolean;
  valueLabel?: (cardLabel: string) => string;
}) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" mb="6" aria-label={label}>
      {cards.map(([cardLabel, value]) => (
        <Card.Root key={cardLabel} size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{cardLabel}</Stat.Label>
              <Stat.ValueText aria-label={valueLabel(cardLabel)}>
                {failed ? MISSING : (value ?? '…')}
              </Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
