import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createMembershipUserResponseSchema,
  membershipUsersResponseSchema,
  rithmicPasswordResponseSchema,
  type CreateMembershipUserBody,
  type MembershipUser,
} from '@shared/membership/membership-user';
import { apiClient } from '../../../lib/api-client';

export const usersKey = ['membership-users'] as const;

export const USERS_LOAD_FAILED = 'Failed to load users';

/**
 * The membership system's users (`GET /api/amember/users`, spec 001 §7): the answer's first element
 * is a list or an indexed object, read as at most 100 users. An unsuccessful answer is an error with
 * the server's text, or 'Failed to load users'.
 */
export function useMembershipUsers() {
  return useQuery({
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
