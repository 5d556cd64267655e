import { measureInChild } from './child-measure';
import type { Bench } from './types';

/**
 * `GET /api/traders/details/{id}` for a trader with 20 accounts and `GET /api/summaries/firm` for the
 * latest day over 10,000 accounts, against the raw DynamoDB reads each needs. The
 * measurement runs in a child process of its own (scripts/bench/traders-measure.ts).
 */
export const tradersBench: Bench = {
  name: 'traders',
  run: () =>
    measureInChild('traders benchmark', 'scripts/bench/traders-measure.ts', {
      quietHandlers: true,
    }),
};
