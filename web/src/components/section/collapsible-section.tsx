import {
  Badge,
  Box,
  Collapsible,
  HStack,
  Heading,
  Icon,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';
import {
  PHASE_TITLES,
  groupKey,
  openByDefault,
  type PhaseGroup,
} from '../account-groups/account-groups';
import { formatCount, formatCountOf } from '@/lib/format';

const Trigger = chakra('button');

/** The count badge's spoken name: '1 row', '1,234 rows'. */
function rowCountText(count: number) {
  return formatCountOf(count, 'row');
}

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
                <Badge variant="outline" aria-label={rowCountText(count)}>
                  {formatCount(count)}
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

/**
 * The account lists' folding sections (spec 000 §2): a section per phase, inside it one per status
 * (open by default as `openByDefault` says) that says so when it is empty, else shows `children` of
 * its rows, its key (`<phase>-<status>`, for its URL state) and its label (`Evaluation Phase – Active`).
 */
export function PhaseStatusSections<Row>({
  groups,
  counts,
  isOpen,
  setOpen,
  children,
}: {
  groups: readonly PhaseGroup<Row>[];
  /** A status group's row count where the server holds more rows than are loaded (by its key). */
  counts?: (key: string) => number | undefined;
  isOpen: (key: string, fallback: boolean) => boolean;
  setOpen: (key: string, open: boolean) => void;
  children: (group: { key: string; label: string; rows: Row[] }) => ReactNode;
}) {
  return groups.map((group) => (
    <CollapsibleSection
      key={group.phase}
      title={PHASE_TITLES[group.phase]}
      count={group.rows}
      open={isOpen(group.phase, true)}
      onOpenChange={(open) => setOpen(group.phase, open)}
    >
      <Stack gap="5" ps={{ base: 0, md: 4 }}>
        {group.statuses.map(({ status, rows }) => {
          const key = groupKey(group.phase, status);
          const count = counts?.(key) ?? rows.length;
          return (
            <CollapsibleSection
              key={key}
              level="h3"
              title={status}
              count={count}
              open={isOpen(key, openByDefault(status))}
              onOpenChange={(open) => setOpen(key, open)}
            >
              {count === 0 ? (
                <Text color="fg.muted" fontSize="sm">
                  No {status} accounts in this phase.
                </Text>
              ) : (
                children({ key, label: `${PHASE_TITLES[group.phase]} – ${status}`, rows })
              )}
            </CollapsibleSection>
          );
        })}
      </Stack>
    </CollapsibleSection>
  ));
}
