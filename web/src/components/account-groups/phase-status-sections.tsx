import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CollapsibleSection } from '../section/collapsible-section';
import { PHASE_TITLES, groupKey, openByDefault, type PhaseGroup } from './account-groups';

/**
 * The account lists' folding sections (spec 000 §2): a section per phase, inside it one per status
 * (open by default as `openByDefault` says) that says so when it is empty, else shows `children` of
 * its rows, its key (`<phase>-<status>`, for its URL state) and its label (`Evaluation Phase – Active`).
 */
export function PhaseStatusSections<Row>({
  groups,
  isOpen,
  setOpen,
  children,
}: {
  groups: readonly PhaseGroup<Row>[];
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
          return (
            <CollapsibleSection
              key={key}
              level="h3"
              title={status}
              count={rows.length}
              open={isOpen(key, openByDefault(status))}
              onOpenChange={(open) => setOpen(key, open)}
            >
              {rows.length === 0 ? (
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
