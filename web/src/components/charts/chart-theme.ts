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
