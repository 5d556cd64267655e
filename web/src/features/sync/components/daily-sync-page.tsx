import { Alert, Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SYNC_NAMED_DATES_MAX, type SyncRequest, type SyncRun } from '@shared/sync/sync-run';
import { PageHeader } from '@/components/ui/page-header';
import { PageError } from '@/components/ui/page-states';
import { errorText } from '@/lib/api-client';
import { useIncompleteDates, useStartSync, useSyncRun, useSyncRuns } from '@/api/sync';
import { formatDate } from '@/lib/format';
import { formatRunProgress } from '../format';
import { DaysToSyncForm } from './days-to-sync-form';
import { RecentSyncRuns } from './recent-sync-runs';
import { SyncDatesForm } from './sync-dates-form';
import { SyncRunResult, UNKNOWN_ERROR, UpdateFailed } from './sync-run-result';
import { paths } from '@/config/paths';

/**
 * What the page shows under the form: the run it follows (started here, or found running), or why
 * the last start failed. A run followed after a refused start keeps that refusal to explain itself.
 */
type Outcome =
  { kind: 'run'; runId: string; startError?: unknown } | { kind: 'start-failed'; error: unknown };

/** The API's own words when it gave any (409: 'A sync is already running'), else the client's. */
function startFailureMessage(error: unknown): string {
  return errorText(
    error,
    error instanceof Error && error.message !== '' ? error.message : UNKNOWN_ERROR,
  );
}

/** The followed run while it runs, with its progress by dates and files once it has started. */
function Processing({ run }: { run?: SyncRun }) {
  return (
    <HStack gap="3" role="status" flexWrap="wrap">
      <Spinner size="sm" />
      <Text>Processing... this may take a few minutes.</Text>
      {run?.progress && (
        <Text color="fg.muted" data-testid="sync-run-progress">
          {formatRunProgress(run.progress)}
        </Text>
      )}
      {run && <OpenRunLink runId={run.runId} />}
    </HStack>
  );
}

export function OpenRunLink({ runId }: { runId: string }) {
  return (
    <Link asChild colorPalette="blue" fontSize="sm">
      <RouterLink to={paths.syncRun.href({ runId })}>Open the run</RouterLink>
    </Link>
  );
}

/** Dates a run left part-way: never shown as complete anywhere, offered to be synced again. */
function IncompleteDates({
  disabled,
  onSync,
}: {
  disabled: boolean;
  onSync: (dates: string[]) => void;
}) {
  const incomplete = useIncompleteDates();
  const dates = incomplete.data?.data ?? [];
  if (dates.length === 0) return null;
  return (
    <Alert.Root status="warning" role="status" maxW="xl">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>Incomplete dates</Alert.Title>
        <Alert.Description>
          A sync stopped part-way through {dates.map(formatDate).join(', ')}. Until synced again,{' '}
          {dates.length === 1 ? 'it is' : 'they are'} not counted, judged or shown as the latest
          data.
        </Alert.Description>
        <Button
          size="sm"
          colorPalette="orange"
          alignSelf="flex-start"
          disabled={disabled}
          onClick={() => onSync(dates.slice(0, SYNC_NAMED_DATES_MAX))}
        >
          Sync Again
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

export function DailySyncPage() {
  const [outcome, setOutcome] = useState<Outcome>();
  const runs = useSyncRuns();
  const startSync = useStartSync();
  const followedRunId = outcome?.kind === 'run' ? outcome.runId : undefined;
  const followedRun = useSyncRun(followedRunId);
  // Until its first answer, a followed run is one known to be running. A run that cannot be checked
  // does not lock the button: starting again is safe, the API refuses while a run holds the lock.
  const isRunning =
    followedRunId !== undefined &&
    !followedRun.isError &&
    (followedRun.data?.status ?? 'running') === 'running';

  // A run already going (opened mid-run, the nightly schedule, or the one a 409 ran into) is followed
  // as if started here. Adjusting state while rendering, as React recommends, rather than in an
  // effect, so the running state shows in the same paint as the list.
  const runningInList = runs.data?.data.find((run) => run.status === 'running');
  if (
    runningInList !== undefined &&
    runningInList.runId !== followedRunId &&
    !isRunning &&
    !startSync.isPending
  ) {
    setOutcome({
      kind: 'run',
      runId: runningInList.runId,
      startError: outcome?.kind === 'start-failed' ? outcome.error : undefined,
    });
  }

  const startRun = (request: SyncRequest) =>
    startSync.mutate(request, {
      onSuccess: (run) => setOutcome({ kind: 'run', runId: run.runId }),
      onError: (error) => setOutcome({ kind: 'start-failed', error }),
    });
  const namedPending =
    startSync.isPending && startSync.variables !== undefined && !('count' in startSync.variables);

  return (
    <Stack gap="8">
      <div>
        <PageHeader
          title="Daily Data Sync"
          subtitle="Import the broker's latest daily files, then judge every account against its program's rules."
        />
        <DaysToSyncForm
          disabled={isRunning}
          loading={startSync.isPending && !namedPending}
          onStart={(days) => startRun({ count: days })}
        />
      </div>
      <IncompleteDates disabled={isRunning} onSync={(dates) => startRun({ dates })} />
      <SyncDatesForm disabled={isRunning} pending={namedPending} onStart={startRun} />
      {!startSync.isPending && outcome?.kind === 'start-failed' && (
        <UpdateFailed message={startFailureMessage(outcome.error)} />
      )}
      {!startSync.isPending && outcome?.kind === 'run' && (
        <Stack gap="4">
          {outcome.startError !== undefined && isRunning && (
            <UpdateFailed message={startFailureMessage(outcome.startError)} />
          )}
          {followedRun.isError ? (
            <PageError
              title="Could not check the sync run"
              error={followedRun.error}
              onRetry={() => void followedRun.refetch()}
            />
          ) : isRunning || followedRun.data === undefined ? (
            <Processing run={followedRun.data} />
          ) : (
            <Stack gap="2">
              <SyncRunResult run={followedRun.data} />
              <OpenRunLink runId={followedRun.data.runId} />
            </Stack>
          )}
        </Stack>
      )}
      <RecentSyncRuns />
    </Stack>
  );
}
