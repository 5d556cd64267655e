import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { LuBell } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { NotificationEvent } from '@shared/notifications/events';
import { AccountLink, TraderLink } from '@/components/account-links/account-links';
import { DataTable } from '@/components/data-table/data-table';
import { LoadMoreButton } from '@/components/section/load-more-button';
import { FieldFrame, OptionsSelect } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { formatDateTime, MISSING } from '@/lib/format';
import { isPageParam, useUrlFilters } from '@/lib/url-state';
import { useNotificationEventPages } from '@/api/notifications';
import { EVENT_OPTIONS, eventLabel, isEventType } from '../notification-labels';

const FILTER_PARAMS = ['type'] as const;

const columns: ColumnDef<NotificationEvent>[] = [
  { id: 'type', header: 'Type', cell: ({ row }) => eventLabel(row.original.type) },
  {
    id: 'account',
    header: 'Account',
    cell: ({ row }) =>
      row.original.accountId ? <AccountLink accountId={row.original.accountId} /> : MISSING,
  },
  {
    id: 'trader',
    header: 'Trader',
    cell: ({ row }) =>
      row.original.traderId ? <TraderLink traderId={row.original.traderId} /> : MISSING,
  },
  {
    id: 'text',
    header: 'Text',
    meta: { wrap: true, minW: '20rem' },
    cell: ({ row }) => (
      <Stack gap="0.5">
        <Text>{row.original.text}</Text>
        {row.original.link && (
          <Link asChild colorPalette="blue" color="colorPalette.fg" fontSize="sm">
            <RouterLink to={row.original.link}>Open</RouterLink>
          </Link>
        )}
      </Stack>
    ),
  },
  { id: 'time', header: 'Time', cell: ({ row }) => formatDateTime(row.original.occurredAt) },
];

function EventList({ type }: { type: NotificationEvent['type'] | undefined }) {
  const pages = useNotificationEventPages(type);
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.events) ?? [], [pages.data]);
  if (pages.isPending || (pages.isError && pages.isFetching && !pages.data)) {
    return <PageLoading label="Loading notifications..." />;
  }
  if (pages.isError && !pages.data) {
    return (
      <PageError
        title="Failed to load notifications"
        error={pages.error}
        onRetry={() => void pages.refetch()}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <PageEmpty
        icon={<LuBell />}
        title="No notifications"
        description={
          type
            ? `No "${eventLabel(type)}" event has been sent yet.`
            : 'Events appear here as accounts pass or breach, payouts move and syncs run.'
        }
      />
    );
  }
  return (
    <Stack gap="3" align="flex-start" width="full">
      <DataTable
        label="Notifications"
        data={rows}
        columns={columns}
        getRowId={(event) => event.eventId}
        sortable={false}
        paging
      />
      <LoadMoreButton pages={pages} />
    </Stack>
  );
}

/**
 * Notifications: every event the product sent (to traders, staff and the webhooks), newest first,
 * of one type when the URL's `type` says; older ones after the API's cursor on 'Load more'.
 */
export function NotificationsPage() {
  const [view, update] = useUrlFilters(FILTER_PARAMS, { resets: isPageParam });
  const type = isEventType(view.type) ? view.type : undefined;
  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle="The events sent by e-mail and to the webhooks, newest first"
      />
      <HStack mb="6" gap="3" wrap="wrap" align="flex-end">
        <FieldFrame label="Type" compact maxW="64">
          <OptionsSelect
            size="sm"
            value={type ?? ''}
            options={EVENT_OPTIONS}
            placeholder="All types"
            onChange={(value) => update({ type: value })}
          />
        </FieldFrame>
      </HStack>
      <EventList type={type} />
    </>
  );
}
