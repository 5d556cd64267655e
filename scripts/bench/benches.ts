import type { Bench } from './types';
import { accountsBench } from './accounts';
import { auditBench } from './audit';
import { buildOutputBench } from './build-output';
import { engineBench } from './engine';
import { engineGrowthBench } from './engine-growth';
import { syncBench } from './sync';
import { syncGrowthBench } from './sync-growth';
import { syncShardedBench } from './sync-sharded';
import { tradersBench } from './traders';
import { listsBench } from './lists';
import { webDashboardBench } from './web-dashboard';

/** Every benchmark `npm run bench` runs, in order. Issues add theirs here. */
export const benches: Bench[] = [
  engineBench,
  syncBench,
  syncShardedBench,
  syncGrowthBench,
  buildOutputBench,
  auditBench,
  accountsBench,
  tradersBench,
  engineGrowthBench,
  listsBench,
  webDashboardBench,
];
