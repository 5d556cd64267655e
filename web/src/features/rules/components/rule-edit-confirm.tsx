import { Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import type { RuleUsageResponse } from '@shared/programs/rule-versions';
import { DataTable } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { ruleUsageQuery } from '@/api/rules';
import { formatCount } from '@/lib/format';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const usageColumns: ColumnDef<RuleUsageResponse['uses'][number]>[] = [
  {
    id: 'prefix',
    header: 'Program',
    cell: ({ row }) => (
      <>
        {row.original.prefix}
        <Text color="fg.muted" fontSize="xs">
          {row.original.phases.join(', ')}
        </Text>
      </>
    ),
  },
  {
    id: 'programVersion',
    header: 'Program version',
    cell: ({ row }) => (
      <>
        {row.original.programVersion}
        {row.original.current && (
          <Text color="fg.muted" fontSize="xs">
            current
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'ruleVersion',
    header: 'Rule version',
    cell: ({ row }) => row.original.ruleVersion ?? 'latest (not pinned)',
  },
  {
    id: 'accounts',
    header: 'Accounts',
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.accounts),
  },
];

/** Decision 36's question before an edit of a rule in use: who uses it, and what the edit does. */
export function RuleEditConfirmDialog({
  ruleName,
  usage,
  failure,
  isPending = false,
  onConfirm,
  onClose,
}: {
  ruleName: string;
  /** The rule's usage; undefined when it could not be read (`failure` says why). */
  usage: RuleUsageResponse | undefined;
  failure?: string;
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const next = usage ? usage.currentVersion + 1 : undefined;
  const programs = new Set(usage?.uses.map((use) => use.prefix)).size;
  return (
    <ConfirmDialog
      open
      title="Edit a rule in use"
      confirmLabel={next ? `Save as version ${next}` : 'Save as a new version'}
      isPending={isPending}
      onConfirm={onConfirm}
      onClose={onClose}
      message={
        <Stack gap="3">
          {usage ? (
            <Text>
              {ruleName} is used by {plural(programs, 'program', 'programs')}. Saving makes rule
              version {next}; the programs below keep the version they pinned until their next
              version or an upgrade (Upgrade rules on the program page).
            </Text>
          ) : (
            <Text color="red.fg">
              The programs that use {ruleName} could not be listed: {failure}. Saving makes a new
              rule version; programs keep the version they pinned until their next version or an
              upgrade.
            </Text>
          )}
          {usage && (
            <DataTable
              label="Programs using the rule"
              compact
              data={usage.uses}
              columns={usageColumns}
              getRowId={(use) => `${use.prefix}#${use.programVersion}`}
            />
          )}
        </Stack>
      }
    />
  );
}

interface Pending {
  save: () => void;
  usage: RuleUsageResponse | undefined;
  failure?: string;
}

/**
 * The rule form's guard (decision 36): saving an edit first reads who uses the rule; when a program
 * does (or that cannot be read), the save waits for the confirm dialog. `ruleId` undefined (create)
 * saves at once.
 */
export function useRuleEditGuard(ruleId: string | undefined, ruleName: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>();
  const [checking, setChecking] = useState(false);

  const run = (save: () => void) => {
    if (ruleId === undefined) {
      save();
      return;
    }
    setChecking(true);
    queryClient
      .fetchQuery(ruleUsageQuery(ruleId))
      .then((usage) => {
        if (usage.uses.length === 0) save();
        else setPending({ save, usage });
      })
      .catch((error: unknown) =>
        setPending({
          save,
          usage: undefined,
          failure: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => setChecking(false));
  };

  const dialog: ReactNode = pending && (
    <RuleEditConfirmDialog
      ruleName={ruleName}
      usage={pending.usage}
      {...(pending.failure !== undefined && { failure: pending.failure })}
      onClose={() => setPending(undefined)}
      onConfirm={() => {
        setPending(undefined);
        pending.save();
      }}
    />
  );
  return { run, checking, dialog };
}
