import { Box, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import type { TraderAccount } from '@shared/traders/trader-account';
import { limitDistanceOf, type LimitDistance, type LimitRoom } from '@shared/rules/limit-distance';
import { AccountLink } from '@/components/account-links/account-links';
import { LIMIT_LABELS } from '@/components/limit-distance/room-to-breach';
import { ProgressBar, type ProgressKind } from '@/components/progress-bar/progress-bar';
import { formatCount, formatDate, formatFractionPercent, formatMoney } from '@/lib/format';
import { DashboardCard } from './trader-dashboard-parts';

export const DISTANCE_TITLE = 'Distance to Limits';

/** One limit: its name, a bar (the share used of a limit, the share done of a benchmark) and words. */
function LimitLine({
  accountId,
  name,
  kind,
  percent,
  text,
}: {
  accountId: string;
  name: string;
  kind: ProgressKind;
  percent: number;
  text: string;
}) {
  return (
    <Grid templateColumns={{ base: '1fr', md: '9rem 8rem 1fr' }} gap={{ base: '1', md: '3' }}>
      <Text fontWeight="medium">{name}</Text>
      <HStack>
        <ProgressBar
          label={`${accountId} ${name.toLowerCase()}`}
          percent={percent}
          kind={kind}
          showValue={false}
          size="sm"
        />
      </HStack>
      <Text fontVariantNumeric="tabular-nums">{text}</Text>
    </Grid>
  );
}

/** A limit's room: the bar is the share used, the words the dollars and share left. */
function RoomLine({
  accountId,
  name,
  room,
  after,
}: {
  accountId: string;
  name: string;
  room: LimitRoom;
  after: string;
}) {
  return (
    <LimitLine
      accountId={accountId}
      name={name}
      kind="drawdown"
      percent={(1 - Math.min(1, room.share)) * 100}
      text={`${formatMoney(room.room)} (${formatFractionPercent(room.share, 1)}) ${after}`}
    />
  );
}

/** The distances of one active account, each in dollars (or days) and percent. */
function AccountDistances({ accountId, distance }: { accountId: string; distance: LimitDistance }) {
  const { drawdown, dailyLoss, profitTarget, tradingDays, tightest } = distance;
  return (
    <Box borderWidth="1px" rounded="md" p="3" as="article" aria-label={`Limits of ${accountId}`}>
      <HStack justify="space-between" wrap="wrap" mb="2">
        <AccountLink accountId={accountId} />
        <Text fontSize="sm" color="fg.muted">
          {tightest
            ? `Closest: ${LIMIT_LABELS[tightest.limit]}, ${formatMoney(tightest.room)} left`
            : 'No drawdown or daily loss limit'}
          {distance.date ? ` · after ${formatDate(distance.date)}` : ''}
        </Text>
      </HStack>
      <Stack gap="2">
        {drawdown && (
          <RoomLine
            accountId={accountId}
            name="Drawdown"
            room={drawdown}
            after={`above the ${drawdown.locked ? 'locked ' : ''}floor of ${formatMoney(drawdown.floor)}`}
          />
        )}
        {dailyLoss && (
          <RoomLine
            accountId={accountId}
            name="Daily loss"
            room={dailyLoss}
            after={
              `of ${formatMoney(dailyLoss.limit)} left on the last day (lost ${formatMoney(dailyLoss.loss)}); ` +
              `the limit starts afresh each day`
            }
          />
        )}
        {profitTarget && (
          <LimitLine
            accountId={accountId}
            name="Profit target"
            kind="profit"
            percent={profitTarget.share * 100}
            text={
              profitTarget.remaining === 0
                ? `Reached (${formatMoney(profitTarget.required)})`
                : `${formatMoney(profitTarget.remaining)} to go, ` +
                  `${formatFractionPercent(profitTarget.share, 1)} of ${formatMoney(profitTarget.required)}`
            }
          />
        )}
        {tradingDays && (
          <LimitLine
            accountId={accountId}
            name={tradingDays.kind === 'payout' ? 'Payout days' : 'Trading days'}
            kind="days"
            percent={tradingDays.share * 100}
            text={
              tradingDays.remaining === 0
                ? `Reached (${formatCount(tradingDays.done)} of ${formatCount(tradingDays.required)})`
                : `${formatCount(tradingDays.remaining)} to go, ` +
                  `${formatCount(tradingDays.done)} of ${formatCount(tradingDays.required)}`
            }
          />
        )}
      </Stack>
    </Box>
  );
}

/** The trader's active accounts with their distances, closest to a breach first. */
export function accountDistances(
  accounts: readonly TraderAccount[],
): { accountId: string; distance: LimitDistance }[] {
  return accounts
    .flatMap((account) => {
      const distance = account.status === 'active' ? limitDistanceOf(account.accountSummary) : null;
      return distance ? [{ accountId: account.accountId, distance }] : [];
    })
    .sort(
      (a, b) =>
        (a.distance.tightest?.share ?? Number.POSITIVE_INFINITY) -
          (b.distance.tightest?.share ?? Number.POSITIVE_INFINITY) ||
        a.accountId.localeCompare(b.accountId),
    );
}

/**
 * Distance to Limits: for every active account, room left to the drawdown floor and the daily loss
 * limit and progress to the profit target and the required days, from the engine's stored summary
 * of its last day; the account closest to a breach first.
 */
export function LimitDistanceCard({ accounts }: { accounts: readonly TraderAccount[] }) {
  const rows = accountDistances(accounts);
  return (
    <DashboardCard title={DISTANCE_TITLE} count={rows.length}>
      {rows.length === 0 ? (
        <Text color="fg.muted">No active account has a judged day yet.</Text>
      ) : (
        <Stack gap="3">
          {rows.map((row) => (
            <AccountDistances key={row.accountId} {...row} />
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
