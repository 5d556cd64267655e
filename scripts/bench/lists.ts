import { measureInChild } from './child-measure';
import type { Bench } from './types';

/**
 * Growth of the staff lists: each list's first page at 30,000 accounts (bytes) and its time there ÷
 * at 1,000 accounts, on one seeded pair of firms (scripts/bench/lists-measure.ts, in a child process).
 */
export const listsBench: Bench = {
  name: 'lists',
  run: () =>
    measureInChild('lists benchmark', 'scripts/bench/lists-measure.ts', { quietHandlers: true }),
};
