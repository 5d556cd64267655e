/** The pieces every nivo chart of the product shares, so two charts read alike in both themes. */

/** The series of a line chart: one point per day. */
export type DaySeries = { id: string; data: { x: string; y: number }[] };

/** Readable in both themes (UI.md): axis text, grid, crosshair and legends follow the color mode. */
export function chartTheme(dark: boolean) {
  const text = dark ? '#d4d4d8' : '#3f3f46';
  const line = dark ? '#52525b' : '#a1a1aa';
  return {
    text: { fill: text, fontSize: 11 },
    axis: {
      ticks: { text: { fill: text }, line: { stroke: line } },
      domain: { line: { stroke: line } },
    },
    grid: { line: { stroke: dark ? '#27272a' : '#e4e4e7' } },
    crosshair: { line: { stroke: text } },
    legends: { text: { fill: text } },
  };
}

/** Spec 000 §9: the line palette, cycling by account. */
export const ACCOUNT_LINE_COLORS = [
  '#3b82f6',
  '#22c55e',
  '#f59e0b',
  '#ef4444',
  '#a855f7',
  '#14b8a6',
  '#ec4899',
  '#84cc16',
] as const;

/** The colour of the account at `index` of its list: the palette repeats after eight accounts. */
export function accountLineColor(index: number): string {
  return ACCOUNT_LINE_COLORS[index % ACCOUNT_LINE_COLORS.length] as string;
}

/**
 * The y range of a balance chart (decision 41): fitted to its values (lines and the reference values
 * that must stay in view: starting balance, floor, target) with 5% room, or from zero on request.
 * Spec 000 §9's zero-based axis flattens a ±$1,000 move on a $100,000 account into a flat line.
 */
export function balanceYRange(
  values: readonly number[],
  fromZero: boolean,
): { min: number; max: number } | { min: 0; max: 'auto' } {
  const finite = values.filter((value) => Number.isFinite(value));
  if (fromZero || finite.length === 0) return { min: 0, max: 'auto' };
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  // A flat line still gets a band around it: 1% of its level (at least $100).
  const room = Math.max(
    (high - low) * 0.05,
    high === low ? Math.max(Math.abs(high) * 0.01, 100) : 0,
  );
  return { min: Math.max(0, low - room), max: high + room };
}
