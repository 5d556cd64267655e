import * as z from 'zod';
import { membershipConfigSchema } from './membership-session';

/**
 * Whether an embedded tool's site answers: a frame cannot tell the page that its
 * site refused the connection or answered 503 (the browser shows its own error page in the frame),
 * so the trader area asks our server, which asks the tool's address, and shows the fallback
 * 'Unable to Load {tool}' at once when it is down.
 */

export const TOOL_IDS = membershipConfigSchema.shape.tools.keyof().options;
export type ProbedToolId = (typeof TOOL_IDS)[number];

/** How long the server waits for a tool's site: the fallback shows within a few seconds. */
export const TOOL_PROBE_TIMEOUT_MS = 3_000;

export const toolStatusPathSchema = z.strictObject({
  toolId: z.enum(TOOL_IDS, { error: `toolId must be one of ${TOOL_IDS.join(', ')}` }),
});

/**
 * `GET /api/amember/tools/{toolId}/status`: `reachable` is false when the site refused or dropped
 * the connection, did not answer within the probe's time, or answered a 5xx status (`status`).
 */
export const toolStatusResponseSchema = z.object({
  toolId: z.enum(TOOL_IDS),
  reachable: z.boolean(),
  status: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type ToolStatusResponse = z.infer<typeof toolStatusResponseSchema>;
