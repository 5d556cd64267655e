import { measureInChild } from './child-measure';
import type { Bench } from './types';

/**
 * Growth of the nightly sync over 250 trading days of the same accounts: a night's wall time and the
 * shard's heap per account, late ÷ early (sync-growth-measure.ts, in a process of its own).
 */
export const syncGrowthBench: Bench = {
  name: 'sync-growth',
  run: () => measureInChild('sync growth benchmark', 'scripts/bench/sync-growth-measure.ts'),
};
