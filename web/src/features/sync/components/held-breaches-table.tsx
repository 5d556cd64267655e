import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { HoldState } from '@shared/rules/input-quality';
import type { HeldBreach } from '@shared/sync/held-breaches';
import { DataTable } from '@/components/data-table/data-table';
import { errorText } from '@/lib/api-client';
import { toaster } from '@/components/ui/toaster';
import { useReleaseHold, useVoidDate } from '@/api/sync';
import { formatDate, formatDateTime } from '@/lib/format';
import { checkLabels } from '../data-quality-format';
import { ReasonDialog } from './reason-dialog';
import { paths } from '@/config/paths';

const statePalettes: Record<HoldState, string> = {
  held: 'orange',
  released: 'green',
  voided: 'gray',
};
const stateLabels: Record<HoldState, string> = {
  held: 'Held',
  released: 'Released',
  voided: 'Voided',
};

export function HoldStateBadge({ state }: { state: HoldState }) {
  return (
    <Badge colorPalette={statePalettes[state]} variant="subtle">
      {stateLabels[state]}
    </Badge>
  );
}

type Action = { kind: 'release' | 'void'; hold: HeldBreach };

/** Release or void, each after its dialog; the list refreshes itself when one is done. */
function HoldActionDialog({ action, onClose }: { action: Action; onClose: () => void }) {
  const release = useReleaseHold();
  const voidDate = useVoidDate();
  const { hold } = action;
  const when = formatDate(hold.date);
  if (action.kind === 'release') {
    return (
      <ReasonDialog
        title="Release the held breach?"
        message={`Account ${hold.accountId} will be set to ${hold.decidedStatus}, as the judgement of ${when} decided, despite the failed input checks.`}
        confirmLabel="Release"
        reasonRequired={false}
        isPending={release.isPending}
        error={release.isError ? errorText(release.error) : undefined}
        onClose={onClose}
        onSubmit={(reason) =>
          release.mutate(
            { accountId: hold.accountId, date: hold.date, ...(reason && { reason }) },
            {
              onSuccess: () => {
                toaster.create({
                  type: 'success',
                  title: `Released ${hold.accountId} on ${when}`,
                  closable: true,
                });
                onClose();
              },
            },
          )
        }
      />
    );
  }
  return (
    <ReasonDialog
      title="Void this date for the account?"
      message={`The ${when} data of ${hold.accountId} will stop counting and the account will be re-judged without it.`}
      confirmLabel="Void date"
      reasonRequired
      destructive
      isPending={voidDate.isPending}
      error={voidDate.isError ? errorText(voidDate.error) : undefined}
      onClose={onClose}
      onSubmit={(reason) =>
        voidDate.mutate(
          { date: hold.date, accountIds: [hold.accountId], reason },
          {
            onSuccess: () => {
              toaster.create({
                type: 'success',
                title: `Voided ${when} for ${hold.accountId}`,
                closable: true,
              });
              onClose();
            },
          },
        )
      }
    />
  );
}

function Resolution({ hold }: { hold: HeldBreach }) {
  if (!hold.resolvedBy) return null;
  return (
    <Text textStyle="xs" color="fg.muted">
      by {hold.resolvedBy}
      {hold.resolvedAt && ` on ${formatDateTime(hold.resolvedAt)}`}
      {hold.reason && `: ${hold.reason}`}
    </Text>
  );
}

function holdColumns(onAction: ((action: Action) => void) | undefined): ColumnDef<HeldBreach>[] {
  return [
    {
      id: 'accountDay',
      header: 'Account-day',
      cell: ({ row: { original: hold } }) => (
        <Stack gap="1" align="flex-start">
          <Link asChild fontFamily="mono" colorPalette="blue">
            <RouterLink
              to={paths.dailyPerformance.href({ accountId: hold.accountId, date: hold.date })}
            >
              {hold.accountId}
            </RouterLink>
          </Link>
          <Text>{formatDate(hold.date)}</Text>
          {onAction && hold.state === 'held' && (
            <HStack gap="2" pt="1">
              <Button
                size="xs"
                colorPalette="blue"
                aria-label={`Release ${hold.accountId} on ${formatDate(hold.date)}`}
                onClick={() => onAction({ kind: 'release', hold })}
              >
                Release
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={`Void ${formatDate(hold.date)} for ${hold.accountId}`}
                onClick={() => onAction({ kind: 'void', hold })}
              >
                Void date
              </Button>
            </HStack>
          )}
        </Stack>
      ),
    },
    {
      id: 'failures',
      header: 'Failed checks',
      meta: { wrap: true, minW: '64' },
      cell: ({ row }) => (
        <Stack gap="2">
          {row.original.failures.map((failure) => (
            <Stack gap="0.5" key={failure.check}>
              <Text fontWeight="medium" textStyle="sm">
                {checkLabels[failure.check]}
              </Text>
              <Text textStyle="xs" color="fg.muted" wordBreak="break-word">
                {failure.message}
              </Text>
            </Stack>
          ))}
        </Stack>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      meta: { wrap: true, minW: '40' },
      cell: ({ row: { original: hold } }) => (
        <Stack gap="1" align="flex-start">
          <Text whiteSpace="nowrap">
            {hold.previousStatus} → <strong>{hold.decidedStatus}</strong>
          </Text>
          <HoldStateBadge state={hold.state} />
          <Resolution hold={hold} />
        </Stack>
      ),
    },
  ];
}

/**
 * Held breaches, one row each: the account-day (linking to its report), the failed checks with their
 * numbers, the status the judgement decided, and where the hold stands; with `actions`, a held one
 * can be released or its date voided.
 */
export function HeldBreachesTable({
  holds,
  actions = false,
  label,
}: {
  holds: readonly HeldBreach[];
  actions?: boolean;
  label: string;
}) {
  const [action, setAction] = useState<Action>();
  return (
    <>
      <DataTable
        label={label}
        sortable={false}
        data={holds}
        columns={holdColumns(actions ? setAction : undefined)}
        getRowId={(hold) => `${hold.accountId}#${hold.date}`}
        rowProps={() => ({ verticalAlign: 'top' })}
      />
      {action && <HoldActionDialog action={action} onClose={() => setAction(undefined)} />}
    </>
  );
}
