import { traderSignInResponseSchema, type TraderSignInBody } from '@shared/membership/trader-login';
import { apiClient } from '../../../lib/api-client';
import type { Session } from '../../../lib/session';

/**
 * Signs a trader in through our API (`POST /api/auth/trader`), which checks the credentials with the
 * membership system; the answer is the same kind of session staff get, with the trader's own ids.
 */
export async function traderSignIn(credentials: TraderSignInBody): Promise<Session> {
  const answer = await apiClient.post('/api/auth/trader', {
    schema: traderSignInResponseSchema,
    body: credentials,
  });
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
      traderId: answer.traderId || undefined,
      memberId: answer.memberId,
    },
  };
}
