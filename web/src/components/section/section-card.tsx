import { Badge, Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format';

/**
 * A titled card of a detail screen: a named region (`aria-label`, the title unless `label` says
 * otherwise) with an h2, an optional row-count badge and actions on the heading's line (they wrap
 * under it on a phone).
 */
export function SectionCard({
  title,
  label = title,
  count,
  actions,
  size = 'sm',
  variant,
  minW,
  children,
}: {
  title: string;
  label?: string;
  /** Rows in the section, shown as a badge after the title. */
  count?: number;
  actions?: ReactNode;
  size?: 'sm' | 'md';
  variant?: Card.RootProps['variant'];
  /** `0` lets the card shrink inside a grid cell instead of widening it. */
  minW?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root size={size} variant={variant} as="section" aria-label={label} minW={minW}>
      <Card.Header
        flexDirection="row"
        justifyContent="space-between"
        alignItems="center"
        gap="2"
        flexWrap="wrap"
      >
        <Heading as="h2" size="md">
          {title}
          {count !== undefined && (
            <Badge ms="2" variant="subtle" aria-label={`${count} rows`}>
              {formatCount(count)}
            </Badge>
          )}
        </Heading>
        {actions}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
