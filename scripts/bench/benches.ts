import type { Bench } from './types';
import { engineBench } from './engine';

/** Every benchmark `npm run bench` runs, in order. Issues add theirs here. */
export const benches: Bench[] = [engineBench];
