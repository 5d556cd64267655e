import {
  TOOL_PROBE_TIMEOUT_MS,
  type ProbedToolId,
  type ToolStatusResponse,
} from '@shared/membership/tool-status';
import { membershipPublicConfig } from './config';

/**
 * Asks a tool's configured address whether it answers. Only the configured URL of a
 * known tool is ever requested (no address of the caller's choosing); redirects are not followed
 * (a sign-in redirect means the site is up) and the body is not read.
 */
export async function probeTool(
  toolId: ProbedToolId,
  timeoutMs = TOOL_PROBE_TIMEOUT_MS,
): Promise<ToolStatusResponse> {
  const url = membershipPublicConfig().tools[toolId];
  try {
    const response = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    const reachable = response.status < 500;
    return {
      toolId,
      reachable,
      status: response.status,
      reason: reachable ? null : `The tool answered ${response.status}`,
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      toolId,
      reachable: false,
      status: null,
      reason: timedOut
        ? `The tool did not answer within ${timeoutMs / 1000} s`
        : 'The tool refused the connection',
    };
  }
}
