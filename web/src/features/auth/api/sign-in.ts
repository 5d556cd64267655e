import { adminLoginResponseSchema, type AdminLoginBody } from '@shared/auth/admin-login';
import { apiClient } from '../../../lib/api-client';
import type { Session } from '../../../lib/session';

/** Signs a staff member in and shapes the answer into the stored session of spec 000 §3. */
export async function signIn(credentials: AdminLoginBody): Promise<Session> {
  const answer = await apiClient.post('/api/auth/admin', {
    schema: adminLoginResponseSchema,
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
    },
  };
}
