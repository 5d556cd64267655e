import { useQuery } from '@tanstack/react-query';
import {
  membershipConfigSchema,
  type MembershipConfig,
} from '@shared/membership/membership-session';
import { apiClient } from '../../../lib/api-client';

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
