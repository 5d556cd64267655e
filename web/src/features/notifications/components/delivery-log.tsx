import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { LuSend } from 'react-icons/lu';
import type { WebhookDelivery, WebhookEndpoint } from '@shared/notifications/webhooks';
import { DataTable } from '@/components/data-table/data-table';
import { LoadMoreButton } from '@/components/section/load-more-button';
import { CodeBlock } from '@/components/json-modal/code-block';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatDateTime, MISSING } from '@/lib/format';
import { isUnsettled, useSendTestEvent, useWebhookDeliveries } from '@/api/notifications';
import { eventLabel, DELIVERY_STATUS_DISPLAY } from '../notification-labels';
import { DeliveryStatusBadge } from './delivery-status-badge';

/** The body as sent, indented when it is JSON (it always should be), else as it is. */
export function formatPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

const columns: ColumnDef<WebhookDelivery>[] = [
  { id: 'event', header: 'Event', cell: ({ row }) => eventLabel(row.original.eventType) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <DeliveryStatusBadge status={row.original.status} />,
  },
  {
    id: 'attempts',
    header: 'Attempts',
    meta: { numeric: true },
    cell: ({ row }) => row.original.attempts,
  },
  {
    id: 'response',
    header: 'Response code',
    meta: { numeric: true },
    cell: ({ row }) => row.original.lastResponseCode ?? MISSING,
  },
  { id: 'time', header: 'Time', cell: ({ row }) => formatDateTime(row.original.createdAt) },
  {
    id: 'nextAttempt',
    header: 'Next attempt',
    cell: ({ row }) => formatDateTime(row.original.nextAttemptAt),
  },
];

function DeliveryDetails({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Stack gap="2" py="2">
      {delivery.lastError && (
        <Text fontSize="sm">
          <Text as="span" fontWeight="medium">
            Last error:
          </Text>{' '}
          {delivery.lastError}
        </Text>
      )}
      <CodeBlock label={`Payload of delivery ${delivery.deliveryId}`} maxH="60">
        {formatPayload(delivery.payload)}
      </CodeBlock>
    </Stack>
  );
}

/**
 * Posts a test event to the endpoint and says how its delivery went; the log is read again, and
 * keeps being read while the delivery is on its way.
 */
export function SendTestButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const send = useSendTestEvent();
  return (
    <Button
      size="sm"
      variant="outline"
      loading={send.isPending}
      loadingText="Sending..."
      onClick={() =>
        send.mutate(endpoint.endpointId, {
          onSuccess: (delivery) => {
            const status = DELIVERY_STATUS_DISPLAY[delivery.status].label;
            const code = delivery.lastResponseCode;
            toaster.create({
              type: delivery.status === 'failed' ? 'error' : 'success',
              title: `Test event sent: ${status}`,
              description:
                code === null
                  ? isUnsettled(delivery)
                    ? 'The delivery log follows it.'
                    : undefined
                  : `The endpoint answered ${code}.`,
              closable: true,
            });
          },
          onError: (error) =>
            toaster.create({
              type: 'error',
              title: 'Failed to send the test event',
              description: errorText(error, 'Try again'),
              closable: true,
            }),
        })
      }
    >
      <LuSend /> Send test event
    </Button>
  );
}

/** An endpoint's deliveries, newest first; a row opens to show the payload that was sent. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.endpointId);
  if (deliveries.isPending) return <PageLoading label="Loading deliveries..." />;
  if (deliveries.isError) {
    return (
      <PageError
        title="Failed to load the delivery log"
        error={deliveries.error}
        onRetry={() => void deliveries.refetch()}
      />
    );
  }
  const rows = deliveries.data.pages.flatMap((page) => page.deliveries);
  const open = rows.filter(isUnsettled).length;
  return (
    <Stack gap="2">
      {open > 0 && (
        <HStack>
          <Text fontSize="sm" color="fg.muted" role="status">
            {open === 1 ? '1 delivery' : `${open} deliveries`} on the way: the log refreshes itself.
          </Text>
        </HStack>
      )}
      <DataTable
        label={`Deliveries to ${endpoint.url}`}
        data={rows}
        columns={columns}
        getRowId={(row) => row.deliveryId}
        urlKey="deliveries"
        sortable={false}
        paging
        renderExpanded={(delivery) => <DeliveryDetails delivery={delivery} />}
        empty="No deliveries yet. Send a test event to try the endpoint."
      />
      <LoadMoreButton pages={deliveries} />
    </Stack>
  );
}
