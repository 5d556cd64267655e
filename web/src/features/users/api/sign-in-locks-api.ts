import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loginLocksResponseSchema } from '@shared/auth/login-locks';
import { actionResultSchema } from '@shared/common/fields';
import { apiClient } from '../../../lib/api-client';

export const signInLocksKey = ['sign-in-locks'] as const;

/** The sign-in logins locked now and the latest unlocks (`GET /api/auth/locks`, issue 23). */
export function useSignInLocks(enabled: boolean) {
  return useQuery({
    queryKey: signInLocksKey,
    enabled,
    queryFn: ({ signal }) =>
      apiClient.get('/api/auth/locks', { schema: loginLocksResponseSchema, signal }),
  });
}

/** Clears every lock of one login (`DELETE /api/auth/locks/{lockId}`); the list is read again. */
export function useClearSignInLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lockId: string) =>
      apiClient.delete('/api/auth/locks/{lockId}', {
        schema: actionResultSchema,
        params: { lockId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInLocksKey }),
  });
}
