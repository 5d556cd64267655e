import { formatDateTime } from '@/lib/format';
/** When a version was saved, on the firm's clock; MISSING when unknown. */
export function formatSavedAt(timestamp: string | undefined): string {
  return formatDateTime(timestamp);
}
