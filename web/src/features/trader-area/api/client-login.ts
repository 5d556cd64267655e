import { membershipClientLoginResponseSchema } from '@shared/membership/membership-session';
import { apiClient } from '../../../lib/api-client';

/** The membership check's server tier (`POST /api/amember/client-login`, spec 000 §7). */
export function clientLogin(signal: AbortSignal) {
  return apiClient.post('/api/amember/client-login', {
    schema: membershipClientLoginResponseSchema,
    body: {},
    signal,
  });
}
