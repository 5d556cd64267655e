import { Box, Button, Text } from '@chakra-ui/react';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { LuShieldAlert } from 'react-icons/lu';
import { listStatusOf, listStatusSchema, type ListStatus } from '@shared/accounts/account';
import type { AccountStatus } from '@shared/rules/account-summary';
import {
  tightestRoom,
  type LimitName,
  type LimitRoom,
  type RoomToBreach,
} from '@shared/rules/limit-distance';
import { AccountStatusBadge } from '@/components/badges/badges';
import { OptionsSelect } from '@/components/ui/form/select-field';
import { MISSING, formatDate, formatFractionPercent, formatMoney } from '@/lib/format';

/**
 * What the account lists (All Accounts, Latest Performance) share for the distance to the limits and
 * the account's standing: the "Room to Breach" column (the tightest of the drawdown and daily loss
 * rooms; ascending is "closest to breach first"), the Status column with held breaches, and the
 * Status filter (`?status=`).
 */

export const ROOM_COLUMN_ID = 'room';
export const ROOM_HEADER = 'Room to Breach';
/** The sort that puts the accounts closest to a breach first (`?sort=room`). */
export const CLOSEST_TO_BREACH_SORTING = [{ id: ROOM_COLUMN_ID, desc: false }];

export const LIMIT_LABELS: Record<LimitName, string> = {
  drawdown: 'drawdown',
  'daily-loss': 'daily loss',
};

function roomText(room: LimitRoom): string {
  return `${formatMoney(room.room)} (${formatFractionPercent(room.share, 1)})`;
}

/** Both limits' room in words, for the cell's title and the CSV. */
export function roomSummary(room: RoomToBreach | undefined): string {
  if (!room) return '';
  return [
    room.drawdown && `Drawdown: ${roomText(room.drawdown)} left`,
    room.dailyLoss && `Daily loss (last day): ${roomText(room.dailyLoss)} left`,
  ]
    .filter(Boolean)
    .join('; ');
}

/** The tightest room in dollars with its share and limit; '-' for an account not trading. */
export function RoomToBreachCell({ room }: { room: RoomToBreach | undefined }) {
  const tightest = tightestRoom(room);
  if (!tightest) return <Text as="span">{MISSING}</Text>;
  return (
    <Text
      as="span"
      fontVariantNumeric="tabular-nums"
      title={roomSummary(room)}
      color={tightest.share <= 0.2 ? 'fg.error' : undefined}
    >
      {formatMoney(tightest.room)}{' '}
      <Text as="span" fontSize="xs" color="fg.muted">
        {formatFractionPercent(tightest.share, 1)} {LIMIT_LABELS[tightest.limit]}
      </Text>
    </Text>
  );
}

/**
 * The Room to Breach column of a list: sorted by the tightest room's share (ascending: closest to
 * breach first), accounts without room (failed, passed, held, never judged) last either way; the
 * CSV writes the tightest room in USD, its share and limit.
 */
export function roomToBreachColumn<Row>(
  roomOf: (row: Row) => RoomToBreach | undefined,
): ColumnDef<Row> {
  return {
    id: ROOM_COLUMN_ID,
    header: ROOM_HEADER,
    accessorFn: (row) => tightestRoom(roomOf(row))?.share,
    sortingFn: 'basic',
    sortUndefined: 'last',
    cell: ({ row }) => <RoomToBreachCell room={roomOf(row.original)} />,
    meta: {
      numeric: true,
      csv: {
        header: 'Room to Breach (USD)',
        value: (row) => tightestRoom(roomOf(row))?.room.toFixed(2) ?? '',
      },
    },
  };
}

/** The Status cell: the judged status, or "held" with the day the breach was held. */
export function ListStatusCell({
  status,
  heldSince,
}: {
  status: AccountStatus | undefined;
  heldSince: string | undefined;
}) {
  const shown = listStatusOf({ status, heldSince });
  if (!shown) return <Text as="span">{MISSING}</Text>;
  return (
    <AccountStatusBadge
      status={shown}
      title={
        heldSince
          ? `Breach held for review since ${formatDate(heldSince)} (status ${status ?? 'unknown'} until released)`
          : undefined
      }
    />
  );
}

export const STATUS_PARAM = 'status';
const STATUS_OPTIONS = listStatusSchema.options.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** The status a `?status=` value asks for; anything else shows every account. */
export function statusFilterOf(value: string | null | undefined): ListStatus | undefined {
  const parsed = listStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The rows of the status asked for (every row without one). */
export function filterByListStatus<Row>(
  rows: readonly Row[],
  status: ListStatus | undefined,
  statusOf: (row: Row) => { status?: AccountStatus | undefined; heldSince?: string | undefined },
): Row[] {
  if (!status) return [...rows];
  return rows.filter((row) => listStatusOf(statusOf(row)) === status);
}

/** The Status filter of a list: all, active, passed, failed or held. */
function StatusFilter({
  value,
  onChange,
}: {
  value: ListStatus | undefined;
  onChange: (status: string) => void;
}) {
  return (
    <Box w="40" flexShrink={0}>
      <OptionsSelect
        size="sm"
        aria-label="Status"
        value={value ?? ''}
        options={STATUS_OPTIONS}
        placeholder="All statuses"
        onChange={onChange}
      />
    </Box>
  );
}

/** Sorts the list by its room to breach, smallest share first. */
function ClosestToBreachButton({ active, onClick }: { active: boolean; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant={active ? 'subtle' : 'outline'}
      aria-pressed={active}
      onClick={onClick}
    >
      <LuShieldAlert /> Closest to breach first
    </Button>
  );
}

/**
 * A list's Status filter and its "Closest to breach first" button (pressed while the list is sorted
 * that way), for the list's toolbar.
 */
export function StatusAndRoomControls({
  status,
  onStatusChange,
  sorting,
  onSortingChange,
}: {
  status: ListStatus | undefined;
  onStatusChange: (status: string) => void;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
}) {
  const closestFirst = sorting[0]?.id === ROOM_COLUMN_ID && !sorting[0].desc;
  return (
    <>
      <StatusFilter value={status} onChange={onStatusChange} />
      <ClosestToBreachButton
        active={closestFirst}
        onClick={() => onSortingChange(CLOSEST_TO_BREACH_SORTING)}
      />
    </>
  );
}
