import { Alert, Button, DataList, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { SyncRunView } from '@shared/sync/sync-run';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { RunQualitySection } from './run-quality-section';
import { useSyncRejectedRows, useSyncRun } from '@/api/sync';
import { MISSING, formatCount, formatDate, formatDateTime, formatDuration } from '@/lib/format';
import { formatRequested, formatRunProgress, formatTradingDates, runDuration } from '../format';
import { rejectedTotal, rowsIngested } from '../summary-fields';
import { SyncRunStatusBadge, triggerLabels } from './sync-run-badges';
import { RejectedRowsTable, UNKNOWN_ERROR, UpdateFailed } from './sync-run-result';
import { paths } from '@/config/paths';
import { DatesTable, FilesTable } from './sync-file-tables';

function Figure({ label, value, to }: { label: string; value: string; to?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontVariantNumeric="tabular-nums">
        {to ? (
          <Link asChild colorPalette="blue">
            <RouterLink to={to}>{value}</RouterLink>
          </Link>
        ) : (
          value
        )}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** The run's request, timing and, once it has a summary, its headline figures. */
function RunFigures({ run, now }: { run: SyncRunView; now: number }) {
  const summary = run.summary;
  return (
    // The grid is the list itself: a <dl> may hold only its items' <div>s (axe definition-list).
    <DataList.Root
      orientation="horizontal"
      size="sm"
      aria-label="Run figures"
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }}
      columnGap="8"
      rowGap="2"
    >
      <Figure label="Trigger" value={triggerLabels[run.trigger]} />
      <Figure label="Requested" value={formatRequested(run)} />
      <Figure label="Dates" value={formatTradingDates(run.dates)} />
      <Figure label="Started" value={formatDateTime(run.startedAt)} />
      <Figure
        label={run.finishedAt === null ? 'Running for' : 'Duration'}
        value={formatDuration(runDuration(run, now))}
      />
      <Figure
        label="Rows ingested"
        value={summary ? formatCount(rowsIngested(summary)) : MISSING}
      />
      <Figure
        label="Rows rejected"
        value={summary ? formatCount(rejectedTotal(summary)) : MISSING}
      />
      <Figure label="Accounts judged" value={formatCount(summary?.accountsJudged)} />
      <Figure label="Newly failed" value={formatCount(summary?.newlyFailed)} />
      <Figure label="Newly passed" value={formatCount(summary?.newlyPassed)} />
      <Figure
        label="Held breaches"
        value={summary ? formatCount(summary.heldBreaches ?? 0) : MISSING}
      />
      <Figure
        label="Floor mismatches"
        value={formatCount(summary?.floorMismatches)}
        to={
          summary?.floorMismatches
            ? paths.reconciliation.href(run.dates.length === 1 ? { date: run.dates[0] } : {})
            : undefined
        }
      />
    </DataList.Root>
  );
}

/** Live progress by dates and files while the run runs (the page polls the run every 2 s). */
function RunProgress({ run }: { run: SyncRunView }) {
  const { progress } = run;
  const value =
    progress && progress.filesTotal > 0 ? (progress.filesDone / progress.filesTotal) * 100 : null;
  return (
    <Stack gap="2" role="status" aria-label="Run progress" maxW="xl">
      <Text>
        {progress ? formatRunProgress(progress) : 'Listing the date folders...'}
        {progress?.date && progress.datesDone < progress.datesTotal && (
          <Text as="span" color="fg.muted">
            {' '}
            (syncing {formatDate(progress.date)})
          </Text>
        )}
      </Text>
      <ProgressBar
        label="Files read"
        percent={value}
        kind="days"
        palette="blue"
        showValue={false}
        size="sm"
      />
    </Stack>
  );
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** Every rejected row of the run, 100 a page, from the run's stored pages. */
function RejectedRowsPages({ runId, total }: { runId: string; total: number }) {
  // Cursors of the pages shown so far: the last is the page on screen.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const page = useSyncRejectedRows(runId, cursor, total > 0);
  if (total === 0) return <Text color="fg.muted">No row was rejected.</Text>;
  if (page.isPending) return <PageLoading label="Loading rejected rows..." />;
  if (page.isError) {
    return (
      <PageError
        title="Could not load the rejected rows"
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  }
  const first = (cursors.length - 1) * 100 + 1;
  const last = first + page.data.data.length - 1;
  return (
    <Stack gap="3">
      <RejectedRowsTable rows={page.data.data} maxH="lg" />
      <HStack gap="3" flexWrap="wrap">
        <Text color="fg.muted" fontVariantNumeric="tabular-nums">
          Rows {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={cursors.length === 1}
          onClick={() => setCursors((list) => list.slice(0, -1))}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!page.data.nextCursor}
          onClick={() => setCursors((list) => [...list, page.data.nextCursor])}
        >
          Next
        </Button>
      </HStack>
    </Stack>
  );
}

/** `now`: when the run was last fetched (a running run's duration so far). */
export function SyncRunContent({ run, now }: { run: SyncRunView; now: number }) {
  const summary = run.summary;
  const files = summary?.files ?? [];
  return (
    <Stack gap="8">
      <Stack gap="4">
        <HStack gap="3">
          <SyncRunStatusBadge status={run.status} />
          {run.status === 'succeeded' && <Text>Update Successful</Text>}
        </HStack>
        {run.status === 'running' && <RunProgress run={run} />}
        {run.status === 'failed' && <UpdateFailed message={run.error ?? UNKNOWN_ERROR} />}
        <RunFigures run={run} now={now} />
      </Stack>
      {summary?.refusedDates && summary.refusedDates.length > 0 && (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Dates refused</Alert.Title>
            <Stack as="ul" gap="1" ps="4">
              {summary.refusedDates.map((refused) => (
                <li key={refused.date}>
                  {formatDate(refused.date)}: {refused.reason}
                </li>
              ))}
            </Stack>
          </Alert.Content>
        </Alert.Root>
      )}
      {summary?.missingDates && summary.missingDates.length > 0 && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Dates with no files</Alert.Title>
            <Alert.Description>
              No folder in the bucket for {formatTradingDates(summary.missingDates)}.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {files.length > 0 && (
        <>
          <Section id="run-dates-heading" title="Dates">
            <DatesTable files={files} />
          </Section>
          <Section id="run-files-heading" title="Files">
            <FilesTable files={files} />
          </Section>
        </>
      )}
      <RunQualitySection dates={run.dates} />
      {summary && (
        <Section id="run-rejected-heading" title="Rejected rows">
          <RejectedRowsPages runId={run.runId} total={rejectedTotal(summary)} />
        </Section>
      )}
    </Stack>
  );
}

/** `/sync/runs/:runId`: one sync run, live while it runs. */
export function SyncRunPage() {
  const { runId = '' } = useParams();
  const run = useSyncRun(runId);
  return (
    <Stack gap="2">
      <Link asChild color="fg.muted" fontSize="sm" alignSelf="flex-start">
        <RouterLink to={paths.dailySync.href()}>
          <LuArrowLeft /> Daily Data Sync
        </RouterLink>
      </Link>
      <PageHeader
        title="Sync run"
        subtitle={run.data ? `Started ${formatDateTime(run.data.startedAt)}` : undefined}
      />
      {run.isPending ? (
        <PageLoading label="Loading the sync run..." />
      ) : run.isError ? (
        <PageError
          title="Could not load the sync run"
          error={run.error}
          onRetry={() => void run.refetch()}
        />
      ) : (
        <SyncRunContent run={run.data} now={run.dataUpdatedAt} />
      )}
    </Stack>
  );
}
