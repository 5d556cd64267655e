import { Badge, Box, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { LuPencil, LuPlus, LuScrollText, LuTrash2, LuWebhook } from 'react-icons/lu';
import type { WebhookEndpoint } from '@shared/notifications/webhooks';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { SecretText } from '@/components/secret-text/secret-text';
import { SectionCard } from '@/components/section/section-card';
import { ItemActions } from '@/components/ui/item-actions';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { isPageParam, useUrlFilters } from '@/lib/url-state';
import { useDeleteWebhookEndpoint, useWebhookEndpoints } from '@/api/notifications';
import { eventLabel } from '../notification-labels';
import { DeliveryLog, SendTestButton } from './delivery-log';
import { EndpointFormDialog } from './endpoint-form-dialog';

const ENDPOINT_PARAM = ['endpoint'] as const;

function endpointColumns(actions: {
  select: (endpoint: WebhookEndpoint) => void;
  edit: (endpoint: WebhookEndpoint) => void;
  remove: (endpoint: WebhookEndpoint) => void;
}): ColumnDef<WebhookEndpoint>[] {
  return [
    {
      id: 'url',
      header: 'URL',
      accessorFn: (endpoint) => endpoint.url,
      meta: { wrap: true, minW: '14rem' },
      cell: ({ row }) => (
        <Link
          as="button"
          colorPalette="blue"
          color="colorPalette.fg"
          fontFamily="mono"
          fontSize="sm"
          textAlign="start"
          wordBreak="break-all"
          onClick={() => actions.select(row.original)}
        >
          {row.original.url}
        </Link>
      ),
    },
    { id: 'description', header: 'Description', accessorFn: (endpoint) => endpoint.description },
    {
      id: 'events',
      header: 'Events',
      enableSorting: false,
      meta: { wrap: true, minW: '12rem' },
      cell: ({ row }) => row.original.events.map(eventLabel).join(', '),
    },
    {
      id: 'enabled',
      header: 'Enabled',
      accessorFn: (endpoint) => (endpoint.enabled ? 'Yes' : 'No'),
      cell: ({ row }) => (
        <Badge colorPalette={row.original.enabled ? 'green' : 'gray'} variant="subtle">
          {row.original.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      accessorFn: (endpoint) => endpoint.createdAt,
      cell: ({ row }) => formatDateTime(row.original.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => (
        <ItemActions
          item={row.original.url}
          actions={[
            {
              label: 'Deliveries',
              icon: LuScrollText,
              onClick: () => actions.select(row.original),
            },
            { label: 'Edit', icon: LuPencil, onClick: () => actions.edit(row.original) },
            {
              label: 'Delete',
              icon: LuTrash2,
              destructive: true,
              onClick: () => actions.remove(row.original),
            },
          ]}
        />
      ),
    },
  ];
}

/** The chosen endpoint: its signing secret, a test event, and its delivery log. */
function EndpointDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <SectionCard
      title={endpoint.description || 'Endpoint'}
      label={`Endpoint ${endpoint.url}`}
      actions={<SendTestButton endpoint={endpoint} />}
    >
      <Stack gap="4">
        <Box>
          <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {endpoint.url}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" fontWeight="medium">
            Signing secret
          </Text>
          <Text fontSize="xs" color="fg.muted" mb="1">
            The receiver verifies each delivery's signature with it (Standard Webhooks).
          </Text>
          <SecretText value={endpoint.secret} label="signing secret" textLabel="Signing secret" />
        </Box>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Delivery log
          </Heading>
          <DeliveryLog endpoint={endpoint} />
        </Stack>
      </Stack>
    </SectionCard>
  );
}

/**
 * Webhooks: the firm's endpoints, each sent the events it chose, signed per Standard Webhooks; add,
 * edit and delete them, and per endpoint its secret, a test event and the delivery log (the chosen
 * endpoint is in the URL).
 */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new'>();
  const [deleting, setDeleting] = useState<WebhookEndpoint>();
  const [view, update] = useUrlFilters(ENDPOINT_PARAM, {
    resets: (name) => isPageParam(name) && name.startsWith('deliveries'),
  });
  const columns = useMemo(
    () =>
      endpointColumns({
        select: (endpoint) => update({ endpoint: endpoint.endpointId }),
        edit: setEditing,
        remove: setDeleting,
      }),
    [update],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.endpointId, {
      onSuccess: () => {
        toaster.create({ type: 'success', title: 'Endpoint deleted', description: deleting.url });
        if (view.endpoint === deleting.endpointId) update({ endpoint: '' });
        setDeleting(undefined);
      },
      onError: (error) => {
        toaster.create({
          type: 'error',
          title: 'Failed to delete endpoint',
          description: errorText(error, 'Try again'),
          closable: true,
        });
        setDeleting(undefined);
      },
    });
  };

  let content;
  if (endpoints.isPending || (endpoints.isError && endpoints.isFetching)) {
    content = <PageLoading label="Loading endpoints..." />;
  } else if (endpoints.isError) {
    content = (
      <PageError
        title="Failed to load webhook endpoints"
        error={endpoints.error}
        onRetry={() => void endpoints.refetch()}
      />
    );
  } else if (endpoints.data.length === 0) {
    content = (
      <PageEmpty
        icon={<LuWebhook />}
        title="No webhook endpoints yet"
        description="Add an endpoint to send the firm's systems an event at every moment that matters."
      />
    );
  } else {
    const chosen =
      endpoints.data.find((endpoint) => endpoint.endpointId === view.endpoint) ?? endpoints.data[0];
    content = (
      <Stack gap="6">
        <DataTable
          label="Webhook endpoints"
          data={endpoints.data}
          columns={columns}
          getRowId={(endpoint) => endpoint.endpointId}
          urlKey="endpoints"
          rowProps={(endpoint) =>
            endpoint.endpointId === chosen?.endpointId
              ? { 'aria-current': 'true', bg: 'blue.subtle' }
              : {}
          }
        />
        {chosen && <EndpointDetails key={chosen.endpointId} endpoint={chosen} />}
      </Stack>
    );
  }

  return (
    <Box>
      <PageHeader
        title="Webhooks"
        subtitle="Signed event deliveries to the firm's own systems"
        actions={
          <Button colorPalette="blue" onClick={() => setEditing('new')}>
            <LuPlus /> Add endpoint
          </Button>
        }
      />
      {content}
      {editing !== undefined && (
        <EndpointFormDialog
          {...(editing !== 'new' && { endpoint: editing })}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete endpoint"
        message={
          deleting
            ? `Delete the endpoint ${deleting.url}? It will be sent no more events, and its delivery log goes with it.`
            : ''
        }
        confirmLabel="Delete"
        destructive
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}
