import {
  Badge,
  Card,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { TodayData, TodayRun } from '@shared/dashboard/today';
import type { SyncRunStatus } from '@shared/sync/sync-run';
import { AccountLink } from '@/components/account-links/account-links';
import { Money } from '@/components/figures/money-text';
import { PageError } from '@/components/ui/page-states';
import { paths } from '@/config/paths';
import { useTodayAtAGlance } from '@/api/dashboard';
import { formatCount, formatDate, formatDateTime, formatFractionPercent } from '@/lib/format';

const RUN_STATUS: Record<SyncRunStatus, { label: string; palette: string }> = {
  running: { label: 'Running', palette: 'blue' },
  succeeded: { label: 'Succeeded', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
};

/** A glance card: its title links to the full, filtered list. */
function GlanceCard({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <Card.Root size="sm" variant="outline" as="section" aria-label={title} minW="0">
      <Card.Header pb="1">
        <Heading as="h3" size="sm">
          <Link asChild colorPalette="blue">
            <RouterLink to={to}>{title}</RouterLink>
          </Link>
        </Heading>
      </Card.Header>
      <Card.Body gap="2" pt="2">
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** One account of a list: its id (a link to its page), the trader's name and a figure. */
function AccountLine({
  accountId,
  name,
  children,
}: {
  accountId: string;
  name: string;
  children?: ReactNode;
}) {
  return (
    <HStack as="li" justify="space-between" align="flex-start" gap="2" fontSize="sm">
      {/* An account id stays on one line beside its figure. */}
      <Stack gap="0" minW="0" css={{ '& a': { wordBreak: 'normal', whiteSpace: 'nowrap' } }}>
        <AccountLink accountId={accountId} />
        <Text fontSize="xs" color="fg.muted" truncate>
          {name}
        </Text>
      </Stack>
      {children}
    </HStack>
  );
}

function None({ children }: { children: string }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {children}
    </Text>
  );
}

function RunCard({ run }: { run: TodayRun | null }) {
  return (
    <GlanceCard title="Last Night's Run" to={paths.dailySync.href()}>
      {run === null ? (
        <None>No sync run yet.</None>
      ) : (
        <Stack gap="2" fontSize="sm">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={RUN_STATUS[run.status].palette} variant="solid">
              {RUN_STATUS[run.status].label}
            </Badge>
            <Link asChild colorPalette="blue">
              <RouterLink to={paths.syncRun.href({ runId: run.runId })}>
                {run.dates.length > 0 ? formatDate(run.dates.at(-1)) : 'Run details'}
              </RouterLink>
            </Link>
          </HStack>
          <Text color="fg.muted" fontSize="xs">
            {run.finishedAt ? `Finished ${formatDateTime(run.finishedAt)}` : 'Still running'}
          </Text>
          {run.error && <Text color="fg.error">{run.error}</Text>}
          <HStack justify="space-between">
            <Text>Rejected rows</Text>
            <Link asChild colorPalette="blue" fontVariantNumeric="tabular-nums">
              <RouterLink to={paths.syncRun.href({ runId: run.runId })}>
                {formatCount(run.rejectedRows)}
              </RouterLink>
            </Link>
          </HStack>
          <HStack justify="space-between">
            <Text>Held breaches</Text>
            <Link asChild colorPalette="blue" fontVariantNumeric="tabular-nums">
              <RouterLink to={paths.heldBreaches.href()}>
                {formatCount(run.heldBreaches)}
              </RouterLink>
            </Link>
          </HStack>
        </Stack>
      )}
    </GlanceCard>
  );
}

function OutcomesCard({ data }: { data: TodayData }) {
  return (
    <GlanceCard title="Failed and Passed" to={paths.accountDashboard.href({ tab: 'violations' })}>
      <Text fontSize="sm">
        <Text as="span" fontWeight="semibold" color="fg.error">
          {formatCount(data.failed.count)} failed
        </Text>
        {' · '}
        <Text as="span" fontWeight="semibold" color="fg.success">
          {formatCount(data.passed.count)} passed
        </Text>
      </Text>
      {data.failed.count + data.passed.count === 0 ? (
        <None>No account failed or passed on the day.</None>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Failed and passed accounts">
          {data.failed.accounts.map((account) => (
            <AccountLine key={account.accountId} accountId={account.accountId} name={account.name}>
              <Text fontSize="xs" textAlign="end" color="fg.error">
                {account.decisiveBreach?.name ?? 'Failed'}
              </Text>
            </AccountLine>
          ))}
          {data.passed.accounts.map((account) => (
            <AccountLine key={account.accountId} accountId={account.accountId} name={account.name}>
              <Text fontSize="xs" color="fg.success">
                Passed
              </Text>
            </AccountLine>
          ))}
        </Stack>
      )}
    </GlanceCard>
  );
}

function ClosestCard({ data }: { data: TodayData }) {
  return (
    <GlanceCard title="Closest to Breach" to={paths.accounts.href({ sort: 'room' })}>
      {data.closestToBreach.length === 0 ? (
        <None>No active account has a drawdown floor or a daily loss limit.</None>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Closest to breach">
          {data.closestToBreach.map((account) => (
            <AccountLine key={account.accountId} accountId={account.accountId} name={account.name}>
              <Stack gap="0" align="flex-end">
                <Money value={account.room} fontSize="sm" />
                <Text fontSize="xs" color="fg.muted">
                  {formatFractionPercent(account.roomShare, 0)} of the{' '}
                  {account.limit === 'drawdown' ? 'drawdown' : 'daily loss limit'} left
                </Text>
              </Stack>
            </AccountLine>
          ))}
        </Stack>
      )}
    </GlanceCard>
  );
}

function WorstPnlCard({ data }: { data: TodayData }) {
  const to = paths.latestPerformance.href({ date: data.date ?? undefined, sort: 'NetPnl' });
  return (
    <GlanceCard title="Worst P&L" to={to}>
      {data.worstPnl.length === 0 ? (
        <None>No account lost money on the day.</None>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Worst P&L">
          {data.worstPnl.map((account) => (
            <AccountLine key={account.accountId} accountId={account.accountId} name={account.name}>
              <Money value={account.netPnl} signed fontSize="sm" />
            </AccountLine>
          ))}
        </Stack>
      )}
    </GlanceCard>
  );
}

/**
 * What staff open the app for, above the home's section cards: last night's run, the accounts that
 * failed and passed on the latest data date, the active accounts closest to their drawdown floor
 * and the day's worst P&L; each card's title opens the full list.
 */
export function TodayAtAGlance() {
  const today = useTodayAtAGlance();
  let body: ReactNode;
  if (today.isPending) {
    body = (
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height="40" rounded="md" />
        ))}
      </SimpleGrid>
    );
  } else if (today.isError) {
    body = (
      <PageError
        title="Could not load today's figures"
        error={today.error}
        onRetry={() => void today.refetch()}
      />
    );
  } else {
    const data = today.data;
    body = (
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        <RunCard run={data.lastRun} />
        <OutcomesCard data={data} />
        <ClosestCard data={data} />
        <WorstPnlCard data={data} />
      </SimpleGrid>
    );
  }
  return (
    <Stack as="section" aria-labelledby="today-heading" gap="3" mb="8">
      <HStack gap="3" wrap="wrap" align="baseline">
        <Heading as="h2" size="lg" id="today-heading">
          Today at a Glance
        </Heading>
        {today.data?.date && (
          <Text color="fg.muted" fontSize="sm">
            Data date {formatDate(today.data.date)}
          </Text>
        )}
      </HStack>
      {body}
    </Stack>
  );
}
