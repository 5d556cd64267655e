/**
 * The file name an evidence pack downloads as, the same from the API and the screens:
 * `evidence-<accountId>-<YYYYMMDD>.json`, the date being the last day the pack covers (the breach day of
 * a breach pack), or the day it was made when it covers none. Kept apart from the pack's schema so the
 * screens load no more than this.
 */
export function evidenceFileName(pack: {
  accountId: string;
  generatedAt: string;
  inputs: { days: readonly { date: string }[] };
}): string {
  const date = pack.inputs.days.at(-1)?.date ?? pack.generatedAt.slice(0, 10).replaceAll('-', '');
  return `evidence-${pack.accountId.replace(/[^A-Za-z0-9._-]/g, '_')}-${date}.json`;
}
