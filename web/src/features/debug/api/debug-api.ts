import { useQuery } from '@tanstack/react-query';
import {
  authStatusSchema,
  authSyncStatusSchema,
  manualSyncResponseSchema,
  type ManualSyncBody,
} from '@shared/membership/membership-session';
import { apiClient } from '../../../lib/api-client';

/** The caller's own authentication status (`GET /api/auth/status`), while signed in. */
export function useAuthStatus(userId: string | undefined) {
  return useQuery({
    queryKey: ['auth-status', userId ?? ''],
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiClient.get('/api/auth/status', { schema: authStatusSchema, signal }),
  });
}

/** Whether a member's trader sign-in is provisioned (`GET /api/amember/sync-status`). */
export function fetchSyncStatus(email: string) {
  return apiClient.get('/api/amember/sync-status', {
    schema: authSyncStatusSchema,
    query: { email },
  });
}

/** Manual synchronization (`POST /api/amember/sync`): provisions the member from the membership record. */
export function manualSync(body: ManualSyncBody) {
  return apiClient.post('/api/amember/sync', { schema: manualSyncResponseSchema, body });
}
