import { Badge, Card, DataList, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A yes/no answer of the sync status as a green or red badge. */
export function YesNo({ value }: { value: boolean }) {
  return (
    <Badge colorPalette={value ? 'green' : 'red'} variant="subtle">
      {value ? 'Yes' : 'No'}
    </Badge>
  );
}

/** One label and value of a status list. */
export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** One titled panel of the console. */
export function Panel({
  title,
  gap,
  children,
}: {
  title: string;
  gap?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
  );
}
