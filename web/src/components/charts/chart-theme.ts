/** The pieces every nivo chart of the product shares, so two charts read alike in both themes. */

/** USD for axis ticks: `$12.5K`. */
export const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

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
