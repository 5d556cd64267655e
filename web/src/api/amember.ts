import { useQuery, useMutation, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  authSyncStatusSchema,
  manualSyncResponseSchema,
  type ManualSyncBody,
  membershipClientLoginResponseSchema,
  membershipConfigSchema,
  type MembershipConfig,
} from '@shared/membership/membership-session';
import { apiClient } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import { toolStatusResponseSchema, type ProbedToolId } from '@shared/membership/tool-status';
import {
  createMembershipUserResponseSchema,
  membershipUsersResponseSchema,
  rithmicPasswordResponseSchema,
  type CreateMembershipUserBody,
  type MembershipUser,
} from '@shared/membership/membership-user';

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

/** The membership check's server tier (`POST /api/amember/client-login`, spec 000 §7). */
export function clientLogin(signal: AbortSignal) {
  return apiClient.post('/api/amember/client-login', {
    schema: membershipClientLoginResponseSchema,
    body: {},
    signal,
  });
}

/**
 * Whether a tool's site answers (`GET /api/amember/tools/{toolId}/status`): a frame
 * cannot tell the page that its site refused the connection or answered 503. Asked once per visit;
 * a failed question changes nothing (the frame stays, with the load timeout as before).
 */
export function useToolStatus(toolId: ProbedToolId, enabled: boolean) {
  return useQuery({
    queryKey: ['tool-status', toolId],
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) =>
      apiClient.get('/api/amember/tools/{toolId}/status', {
        schema: toolStatusResponseSchema,
        params: { toolId },
        signal,
      }),
  });
}

export type TraderAreaConfig = MembershipConfig;

/**
 * Where the membership site's pages and the tools live (`GET /api/amember/config`): the one origin
 * whose window messages are accepted, the member-login form's target, the frames' URLs. It changes
 * only with a deployment, so it is read once.
 */
export function useTraderAreaConfig() {
  return useQuery({
    queryKey: ['trader-area-config'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/amember/config', { schema: membershipConfigSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const usersKey = ['membership-users'] as const;

export const USERS_LOAD_FAILED = 'Failed to load users';

/**
 * The membership system's users (`GET /api/amember/users`, spec 001 §7): the answer's first element
 * is a list or an indexed object, read as at most 100 users. An unsuccessful answer is an error with
 * the server's text, or 'Failed to load users'.
 */
export function useMembershipUsers() {
  return useQuery(membershipUsersQuery());
}

/** The query of `useMembershipUsers`, which the screen's route loader starts. */
export function membershipUsersQuery() {
  return queryOptions({
    queryKey: usersKey,
    queryFn: async ({ signal }): Promise<MembershipUser[] | null> => {
      const answer = await apiClient.get('/api/amember/users', {
        schema: membershipUsersResponseSchema,
        signal,
      });
      if (!answer.success) throw new Error(answer.error || USERS_LOAD_FAILED);
      const first = answer.data?.users[0];
      return first ?? null;
    },
    ...PREFETCHED_QUERY,
  });
}

/** Creates a member (`POST /api/amember/users`); the list is read again afterwards. */
export function useCreateMembershipUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMembershipUserBody) =>
      apiClient.post('/api/amember/users', { schema: createMembershipUserResponseSchema, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** A member's Rithmic password, read only when staff reveal or copy it (decision 31). */
export async function fetchRithmicPassword(userId: string): Promise<string | null> {
  const answer = await apiClient.get('/api/amember/users/{userId}/rithmic-password', {
    schema: rithmicPasswordResponseSchema,
    params: { userId },
  });
  return answer.data.rithmic_passwd;
}
