import { traderSignInResponseSchema, type TraderSignInBody } from '@shared/membership/trader-login';
import { apiClient } from '../../../lib/api-client';
import type { Session } from '../../../lib/session';

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
  const session: Session = {
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
  return { session, rithmicUserId: answer.rithmicUserId };
}
