import {
  infiniteQueryOptions,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as z from 'zod';
import type { NotificationEventType } from '@shared/notifications/events';
import {
  notificationEventsSchema,
  notificationPreferencesSchema,
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  type WebhookDelivery,
} from '@shared/notifications/webhooks';
import { apiClient } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';

/*
 * Saves and deletes are read only for success (the list is read again), so their bodies are not
 * held to a shape.
 */
const anyAnswer = z.unknown();

export interface WebhookEndpointBody {
  url: string;
  description: string;
  events: NotificationEventType[];
  enabled: boolean;
}

const notificationsKey = ['notifications'] as const;
const webhooksKey = [...notificationsKey, 'webhooks'] as const;
const deliveriesKey = (endpointId: string) => [...webhooksKey, 'deliveries', endpointId] as const;

/** While a delivery is on its way (or waiting to retry) its log is read again this often. */
export const DELIVERY_POLL_INTERVAL_MS = 3000;

/** The events emitted (`GET /api/notifications/events`), newest first, of one type when given. */
export function notificationEventPagesQuery(type: NotificationEventType | undefined) {
  return infiniteQueryOptions({
    queryKey: [...notificationsKey, 'events', type ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/api/notifications/events', {
        schema: notificationEventsSchema,
        query: { type, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The first page of events, then each after the API's `nextCursor` on 'Load more'. */
export function useNotificationEventPages(type: NotificationEventType | undefined) {
  return useInfiniteQuery(notificationEventPagesQuery(type));
}

/** The firm's webhook endpoints (`GET /api/webhooks`), secrets included: staff only. */
export function webhookEndpointsQuery() {
  return queryOptions({
    queryKey: [...webhooksKey, 'list'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/webhooks', { schema: webhookEndpointListSchema, signal }),
    select: (answer) => answer.endpoints,
    ...PREFETCHED_QUERY,
  });
}

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQuery());
}

/** Adds an endpoint (no `endpointId`) or replaces one's settings. */
export function useSaveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, body }: { endpointId?: string; body: WebhookEndpointBody }) =>
      endpointId === undefined
        ? apiClient.post('/api/webhooks', { schema: anyAnswer, body })
        : apiClient.put('/api/webhooks/{endpointId}', {
            schema: anyAnswer,
            params: { endpointId },
            body,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      apiClient.delete('/api/webhooks/{endpointId}', { schema: anyAnswer, params: { endpointId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** A delivery not yet settled: sent or waiting for its next attempt. */
export function isUnsettled(delivery: Pick<WebhookDelivery, 'status'>): boolean {
  return delivery.status === 'pending' || delivery.status === 'retrying';
}

/**
 * An endpoint's delivery log, newest first, a page at a time after the API's cursor ('Load more');
 * the pages read are read again every few seconds while any delivery shown is still pending or
 * retrying, and not at all once every one has settled.
 */
export function useWebhookDeliveries(endpointId: string | undefined) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(endpointId ?? ''),
    queryFn:
      endpointId === undefined
        ? skipToken
        : ({ pageParam, signal }) =>
            apiClient.get('/api/webhooks/{endpointId}/deliveries', {
              schema: webhookDeliveriesSchema,
              params: { endpointId },
              query: { cursor: pageParam },
              signal,
            }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (query) =>
      query.state.status !== 'error' &&
      query.state.data?.pages.some((page) => page.deliveries.some(isUnsettled))
        ? DELIVERY_POLL_INTERVAL_MS
        : false,
  });
}

/** Sends a test event to an endpoint (`POST /api/webhooks/{endpointId}/test`), then reads its log. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      apiClient.post('/api/webhooks/{endpointId}/test', {
        schema: webhookDeliverySchema,
        params: { endpointId },
      }),
    onSuccess: (_answer, endpointId) =>
      queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}

const preferencesKey = (traderId: string) => [...notificationsKey, 'preferences', traderId];

/** A trader's e-mail choices: the optional events they turned off. */
export function useNotificationPreferences(traderId: string | undefined) {
  return useQuery({
    queryKey: preferencesKey(traderId ?? ''),
    queryFn:
      traderId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/traders/{traderId}/notification-preferences', {
              schema: notificationPreferencesSchema,
              params: { traderId },
              signal,
            }),
  });
}

export function useSaveNotificationPreferences(traderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailOff: NotificationEventType[]) =>
      apiClient.put('/api/traders/{traderId}/notification-preferences', {
        schema: anyAnswer,
        params: { traderId },
        body: { emailOff },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferencesKey(traderId) }),
  });
}
