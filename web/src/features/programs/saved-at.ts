const savedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When a version was saved, in the viewer's local time; '—' when unknown. */
export function formatSavedAt(timestamp: string | undefined): string {
  if (timestamp === undefined) return '—';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : savedAtFormat.format(date);
}
