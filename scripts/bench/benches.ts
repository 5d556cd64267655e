import type { Bench } from './types';

/** Every benchmark `npm run bench` runs, in order. Issues add theirs here. */
export const benches: Bench[] = [];
