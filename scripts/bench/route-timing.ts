/*
 * Timing of an API route against its reference reads, shared by the API benches: both run in the same
 * process, alternately, so they see the same database state and machine load; the figure is a ratio.
 */

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Alternates route and reference `rounds` times after `warmUp` rounds of each; the medians in ms. */
export async function compareRoute(
  route: () => Promise<unknown>,
  reference: () => Promise<unknown>,
  { warmUp = 2, rounds = 7 }: { warmUp?: number; rounds?: number } = {},
): Promise<{ route: number; reference: number }> {
  for (let round = 0; round < warmUp; round += 1) {
    await route();
    await reference();
  }
  const routeTimes: number[] = [];
  const referenceTimes: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    routeTimes.push(await timed(route));
    referenceTimes.push(await timed(reference));
  }
  return { route: median(routeTimes), reference: median(referenceTimes) };
}

/** Route time over reference time, two decimals. */
export const routeRatio = (figures: { route: number; reference: number }) =>
  Number((figures.route / figures.reference).toFixed(2));
