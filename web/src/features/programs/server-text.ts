import { ApiError } from '@/lib/api-client';

/** What the server said about a failure when it said anything, else the client's message. */
export function serverText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
