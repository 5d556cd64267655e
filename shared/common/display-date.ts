/**
 * A date as every screen and message shows it: MM/DD/YYYY (decision 10). Takes the broker's
 * `YYYYMMDD`, a date input's `YYYY-MM-DD` or an ISO timestamp (its calendar date as written); '-' when
 * absent; anything else as it is. Shared so the API's messages ("No performance data for … on
 * 11/21/2026") read like the screens around them.
 */
export function displayDate(date: string | null | undefined): string {
  if (!date) return '-';
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  const dashed = /^(\d{4})-(\d{2})-(\d{2})(?:T|$)/.exec(date);
  const parts = compact ?? dashed;
  if (!parts) return date;
  const [, year, month, day] = parts;
  return `${month}/${day}/${year}`;
}
