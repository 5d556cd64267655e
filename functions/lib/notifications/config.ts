import { DEFAULT_WEBHOOK_MAX_ATTEMPTS } from '@shared/notifications/operations';

/**
 * The notifications' settings, from the environment (the CDK notifications stack and the local stack
 * set the same names). Read on each use: tests and the local stack set them after import.
 *
 * - `APP_URL`: the app's origin, for the absolute links in e-mails.
 * - `NOTIFY_FROM_EMAIL`: the sender (in AWS an address of the SES identity).
 * - `STAFF_NOTIFY_EMAILS`: comma-separated staff addresses for the staff events.
 * - `SMTP_HOST`, `SMTP_PORT`: send through this SMTP server (locally: the inbox); else Amazon SES.
 * - `EVENT_QUEUE_URL`, `WEBHOOK_QUEUE_URL`: the SQS queues in AWS; unset, this process delivers.
 * - `WEBHOOKS_ALLOW_HTTP`: `true` lets an endpoint be a plain-http loopback URL (local stack, tests).
 * - `WEBHOOK_MAX_ATTEMPTS`, `WEBHOOK_RETRY_BASE_MS`, `WEBHOOK_TIMEOUT_MS`: the retry policy.
 */

/** The first retry's delay; each next one is four times longer (30 s, 2 min, 8 min, 32 min). */
export const DEFAULT_WEBHOOK_RETRY_BASE_MS = 30_000;
/** How long an endpoint has to answer. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
/** The longest wait before a retry: SQS's longest visibility timeout is 12 hours. */
export const MAX_RETRY_DELAY_MS = 12 * 60 * 60 * 1000;

function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export const notificationConfig = {
  appUrl: () => process.env.APP_URL || 'http://localhost:3000',
  fromEmail: () => process.env.NOTIFY_FROM_EMAIL || 'Deskline <notifications@deskline.local>',
  staffEmails: (): string[] =>
    (process.env.STAFF_NOTIFY_EMAILS ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
  smtp: (): { host: string; port: number } | undefined => {
    const host = process.env.SMTP_HOST;
    return host ? { host, port: positiveInteger('SMTP_PORT', 25) } : undefined;
  },
  eventQueueUrl: () => process.env.EVENT_QUEUE_URL || undefined,
  webhookQueueUrl: () => process.env.WEBHOOK_QUEUE_URL || undefined,
  allowHttpWebhooks: () => process.env.WEBHOOKS_ALLOW_HTTP === 'true',
  maxAttempts: () => positiveInteger('WEBHOOK_MAX_ATTEMPTS', DEFAULT_WEBHOOK_MAX_ATTEMPTS),
  retryBaseMs: () => positiveInteger('WEBHOOK_RETRY_BASE_MS', DEFAULT_WEBHOOK_RETRY_BASE_MS),
  timeoutMs: () => positiveInteger('WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_TIMEOUT_MS),
};

/** The wait after failed attempt `attempt` (1-based): the base, times four per attempt before it. */
export function retryDelayMs(attempt: number): number {
  return Math.min(notificationConfig.retryBaseMs() * 4 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}
