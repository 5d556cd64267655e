import { measureInChild } from './child-measure';
import type { Bench } from './types';

/**
 * `GET /api/accounts` and `GET /api/performance/today` over 10,000 accounts against the raw DynamoDB
 * queries each needs. The measurement runs in a child process of its own
 * (scripts/bench/accounts-measure.ts).
 */
export const accountsBench: Bench = {
  name: 'accounts',
  run: () =>
    measureInChild('accounts benchmark', 'scripts/bench/accounts-measure.ts', {
      quietHandlers: true,
    }),
};
