import { measureInChild } from './child-measure';
import type { Bench } from './types';

/**
 * The Account Dashboard's time to its first row with 30,000 accounts ÷ with 60, in Chromium against
 * the local stack on the seeded firms (scripts/bench/web-dashboard-measure.ts, in a child process).
 */
export const webDashboardBench: Bench = {
  name: 'web-dashboard',
  run: () =>
    measureInChild('web dashboard benchmark', 'scripts/bench/web-dashboard-measure.ts', {
      quietHandlers: true,
    }),
};
