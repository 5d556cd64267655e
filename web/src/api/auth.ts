import { adminLoginResponseSchema, type AdminLoginBody } from '@shared/auth/admin-login';
import { apiClient } from '@/lib/api-client';
import type { Session } from '@/lib/session';
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { authStatusSchema } from '@shared/membership/membership-session';
import { traderSignInResponseSchema, type TraderSignInBody } from '@shared/membership/trader-login';
import { loginLocksResponseSchema } from '@shared/auth/login-locks';
import { actionResultSchema } from '@shared/common/fields';

/** The stored session of spec 000 §3 from a sign-in answer (staff and trader answers share these fields). */
function sessionOf(answer: {
  token: string;
  refreshToken: string;
  expiresAt: number;
  email: string;
  name: string;
  login: string;
  role: Session['user']['role'];
  user_id: Session['user']['user_id'];
}): Session {
  return {
    token: answer.token,
    refreshToken: answer.refreshToken,
    expiresAt: answer.expiresAt,
    user: {
      email: answer.email,
      name: answer.name,
      username: answer.login,
      token: answer.token,
      role: answer.role,
      rooms: [],
      user_id: answer.user_id,
    },
  };
}

/** Signs a staff member in and shapes the answer into the stored session of spec 000 §3. */
export async function signIn(credentials: AdminLoginBody): Promise<Session> {
  const answer = await apiClient.post('/api/auth/admin', {
    schema: adminLoginResponseSchema,
    body: credentials,
  });
  return sessionOf(answer);
}

/** The caller's own authentication status (`GET /api/auth/status`), while signed in. */
export function useAuthStatus(userId: string | undefined) {
  return useQuery({
    queryKey: ['auth-status', userId ?? ''],
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiClient.get('/api/auth/status', { schema: authStatusSchema, signal }),
  });
}

/**
 * Signs a trader in through our API (`POST /api/auth/trader`), which checks the credentials with the
 * membership system; the answer is the same kind of session staff get, with the trader's own ids,
 * and the member's broker user id for the trader area's stored values.
 */
export async function traderSignIn(
  credentials: TraderSignInBody,
): Promise<{ session: Session; rithmicUserId: string }> {
  const answer = await apiClient.post('/api/auth/trader', {
    schema: traderSignInResponseSchema,
    body: credentials,
  });
  const staffShaped = sessionOf(answer);
  const session: Session = {
    ...staffShaped,
    user: {
      ...staffShaped.user,
      traderId: answer.traderId || undefined,
      memberId: answer.memberId,
    },
  };
  return { session, rithmicUserId: answer.rithmicUserId };
}

export const signInLocksKey = ['sign-in-locks'] as const;

/** The sign-in logins locked now and the latest unlocks (`GET /api/auth/locks`). */
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
