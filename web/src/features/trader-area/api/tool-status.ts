import { useQuery } from '@tanstack/react-query';
import { toolStatusResponseSchema, type ProbedToolId } from '@shared/membership/tool-status';
import { apiClient } from '../../../lib/api-client';

/**
 * Whether a tool's site answers (`GET /api/amember/tools/{toolId}/status`, issue 24 #30): a frame
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
