import { Badge, Box, Collapsible, HStack, Heading, Icon, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';

const Trigger = chakra('button');

/**
 * A section whose body folds under its heading (spec 000 §2 'all collapsible'). The heading is a
 * button with `aria-expanded`, so the section opens by keyboard too.
 */
export function CollapsibleSection({
  title,
  count,
  open,
  onOpenChange,
  level = 'h2',
  actions,
  children,
}: {
  title: string;
  count?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  level?: 'h2' | 'h3';
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Collapsible.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
    >
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Heading as={level} size={level === 'h2' ? 'lg' : 'md'}>
          <Collapsible.Trigger asChild>
            <Trigger
              type="button"
              display="inline-flex"
              alignItems="center"
              gap="2"
              cursor="pointer"
              fontWeight="inherit"
              textAlign="start"
            >
              <Icon as={open ? LuChevronDown : LuChevronRight} boxSize="4" aria-hidden />
              {title}
              {count !== undefined && (
                <Badge variant="outline" aria-label={`${count} rows`}>
                  {count.toLocaleString('en-US')}
                </Badge>
              )}
            </Trigger>
          </Collapsible.Trigger>
        </Heading>
        {actions}
      </HStack>
      <Collapsible.Content>
        <Box pt="3">{children}</Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
