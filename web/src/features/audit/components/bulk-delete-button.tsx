import { Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { useDeleteAuditRecords } from '@/api/audit';
import { hasFilters, type AuditFilterValues } from '../audit-search';
import { formatCount } from '@/lib/format';

/** Spec 001 §9: the confirm window of the bulk delete. */
export const BULK_DELETE_ARMED_MS = 5_000;

/**
 * Two-step bulk delete (spec 001 §4): the first click arms the button for 5 seconds, a second click
 * inside that window deletes every record matching the filters, then the armed state clears;
 * otherwise it expires. With no filter the button is off: wiping the whole trail takes an explicit
 * date range (the API refuses it too).
 */
export function BulkDeleteButton({
  filters,
  matching,
}: {
  filters: AuditFilterValues;
  /** Records the filters match, from the list's total; undefined while that total is not theirs. */
  matching: number | undefined;
}) {
  // Armed for the filters of the first click only: any filter change disarms at once, so a second
  // click never deletes rows of filters the person did not arm it for.
  const [armedFor, setArmedFor] = useState<{ at: number; filtersKey: string }>();
  const [now, setNow] = useState(() => Date.now());
  const remove = useDeleteAuditRecords();
  const filtersKey = JSON.stringify(filters);
  const armedAt = armedFor?.filtersKey === filtersKey ? armedFor.at : undefined;
  const armed = armedAt !== undefined;

  useEffect(() => {
    if (armedAt === undefined) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    const expire = setTimeout(() => setArmedFor(undefined), BULK_DELETE_ARMED_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(expire);
    };
  }, [armedAt]);

  const filtered = hasFilters(filters);
  const secondsLeft = armed
    ? Math.max(1, Math.ceil((armedAt + BULK_DELETE_ARMED_MS - now) / 1000))
    : 0;
  const what =
    matching === undefined ? 'the matching records' : `${formatCount(matching)} matching records`;

  const click = () => {
    if (!armed) {
      setNow(Date.now());
      setArmedFor({ at: Date.now(), filtersKey });
      return;
    }
    setArmedFor(undefined);
    remove.mutate(filters, {
      onSuccess: ({ deleted }) =>
        toaster.create({
          type: 'success',
          title: `Deleted ${formatCount(deleted)} audit records`,
          closable: true,
        }),
      onError: (error) =>
        toaster.create({
          type: 'error',
          title: 'Failed to delete audit records',
          description: errorText(error),
          closable: true,
        }),
    });
  };

  return (
    <HStack gap="3" wrap="wrap">
      <Button
        size="sm"
        colorPalette="red"
        variant={armed ? 'solid' : 'outline'}
        disabled={!filtered || matching === 0}
        loading={remove.isPending}
        loadingText="Deleting..."
        onClick={click}
      >
        <LuTrash2 />
        {armed ? `Click again to delete ${what} (${secondsLeft}s)` : 'Delete Matching Records'}
      </Button>
      {!filtered && (
        <Text fontSize="sm" color="fg.muted">
          Set a filter or a date range to delete records.
        </Text>
      )}
    </HStack>
  );
}
