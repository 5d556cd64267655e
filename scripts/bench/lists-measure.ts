import { DASHBOARD_PAGE_SIZE_MAX } from '@shared/dashboard/dashboard-api';
import { performanceGroupKey } from '@shared/performance/performance-group';
import { handler as accountsHandler } from '../../functions/accounts/handler';
import { handler as dashboardHandler } from '../../functions/dashboard/handler';
import { handler as performanceHandler } from '../../functions/performance/handler';
import { handler as summariesHandler } from '../../functions/summaries/handler';
import {
  ACCOUNT_PHASES,
  RITHMIC_STATUSES,
} from '../../functions/lib/repositories/account-repository';
import { handler as tradersHandler } from '../../functions/traders/handler';
import { callRoute, callRouteBody, getEvent, runApiBench, type Handler } from './api-bench';
import { median, timed } from './route-timing';
import { SEED_LARGE, SEED_SMALL, seedStore, seedTraderId } from './seed-30k';
import { ensureSeededFirms, SEEDED_TABLES } from './seeded-firms';
import type { Figures } from './types';

/*
 * Growth of the staff lists: each list's first page at 30,000 accounts (its bytes) and its median
 * time there ÷ at 1,000 accounts. Both firms are seeded once (scripts/bench/seeded-firms.ts, BatchWrite
 * straight into tables of one dynalite kept on disk, reused by later runs) and every list is measured
 * on the same two tables: add a list to `LISTS`. `npx tsx scripts/bench/lists-measure.ts <name>...`
 * measures only the lists named. Runs in a child process of `npm run bench`; prints one JSON line of figures.
 */

interface ListBench {
  /** The figures' name: `api.<name>.bytesAt30k`, `api.<name>.ratio30k`. */
  name: string;
  handler: Handler;
  /** The path called, and the route table's path it is routed as when they differ. */
  path: `/api/${string}`;
  route?: `/api/${string}`;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  /** The list is shorter than a page at 30,000 accounts (one trader's accounts): no cursor to expect. */
  fitsOnePage?: true;
}

const TRADER = seedTraderId(0);

/** A list of the dashboard, at the page size its screen asks for. */
const dashboardList = (name: string, path: string): ListBench => ({
  name,
  handler: dashboardHandler,
  path: `/api/account-summaries/admin/${path}`,
  query: { limit: String(DASHBOARD_PAGE_SIZE_MAX) },
});

const LISTS: ListBench[] = [
  { name: 'accounts', handler: accountsHandler, path: '/api/accounts' },
  { name: 'traders', handler: tradersHandler, path: '/api/traders' },
  // Latest Performance, as the screen asks for its first group's first page.
  {
    name: 'latestPerformance',
    handler: performanceHandler,
    path: '/api/performance/today',
    query: { group: performanceGroupKey(ACCOUNT_PHASES[0]!, RITHMIC_STATUSES[0]!) },
  },
  // The same group in an order no index gives (trades): the group's rows read whole and sorted.
  {
    name: 'latestPerformanceSorted',
    handler: performanceHandler,
    path: '/api/performance/today',
    query: {
      group: performanceGroupKey(ACCOUNT_PHASES[0]!, RITHMIC_STATUSES[0]!),
      sort: '-Trades',
    },
  },
  { name: 'firmSummary', handler: summariesHandler, path: '/api/summaries/firm' },
  {
    name: 'traderSummary',
    handler: summariesHandler,
    path: `/api/summaries/trader/${TRADER}`,
    route: '/api/summaries/trader/{traderId}',
    pathParameters: { traderId: TRADER },
    fitsOnePage: true,
  },
  dashboardList('dashboardAccounts', 'dashboard/accounts'),
  dashboardList('attention', 'attention'),
  dashboardList('violations', 'violations'),
  dashboardList('failures', 'failures'),
];

const SMALL_TABLE = SEEDED_TABLES.small;
const LARGE_TABLE = SEEDED_TABLES.large;
/**
 * Alternating rounds: at least 9, more for a fast list (a few ms a call, where one stall moves a
 * median of 9) until it has spent about 3 s, at most 101.
 */
const ROUNDS = { min: 9, max: 101, ms: 3_000 };

const store = seedStore();

/**
 * The rows of the first page on `table`; throws when there are none, so a seed that no longer gives a
 * list what it reads (a new attribute or index the sync writes) is not timed as an empty answer, and
 * when the 30,000-account firm's first page gives no cursor to the next (a list cut short, not paged).
 */
async function rowsAt(table: string, event: ReturnType<typeof getEvent>, list: ListBench) {
  process.env.TABLE_NAME = table;
  const body = JSON.parse(await callRouteBody(list.handler, event)) as {
    data?: unknown[];
    meta?: { nextCursor?: string };
  };
  const rows = body.data?.length ?? 0;
  if (rows === 0) throw new Error(`GET ${list.path} answered no rows on ${table}: check the seed`);
  if (table === LARGE_TABLE && !list.fitsOnePage && !body.meta?.nextCursor)
    throw new Error(`GET ${list.path} answered no cursor to its next page on ${table}`);
  return rows;
}

/**
 * Median ms of the first page on each table, calls alternating between them; bytes of the first page
 * the screen asks for at 30,000 accounts. Where the smaller firm holds fewer rows than that page (a
 * group, the failed accounts), both are timed at the page it fills, so the ratio compares the same
 * work at both sizes.
 */
async function measureList(list: ListBench): Promise<Figures> {
  const eventOf = (query?: Record<string, string>) =>
    getEvent(list.path, list.route ?? list.path, list.pathParameters, query);
  const screen = eventOf(list.query);
  const rows = await rowsAt(LARGE_TABLE, screen, list);
  const bytes = (await callRouteBody(list.handler, screen)).length;
  const smallRows = await rowsAt(SMALL_TABLE, screen, list);
  const event = smallRows < rows ? eventOf({ ...list.query, limit: String(smallRows) }) : screen;
  const call = (table: string) => {
    process.env.TABLE_NAME = table;
    return callRoute(list.handler, event);
  };
  for (let round = 0; round < 2; round += 1) {
    await call(SMALL_TABLE);
    await call(LARGE_TABLE);
  }
  const small: number[] = [];
  const large: number[] = [];
  const started = performance.now();
  for (
    let round = 0;
    round < ROUNDS.min || (round < ROUNDS.max && performance.now() - started < ROUNDS.ms);
    round += 1
  ) {
    small.push(await timed(() => call(SMALL_TABLE)));
    large.push(await timed(() => call(LARGE_TABLE)));
  }
  const ratio = median(large) / median(small);
  console.error(
    `GET ${list.path} first page: ${rows} rows, ${(bytes / 1e3).toFixed(0)} KB at ${SEED_LARGE} ` +
      `accounts; ${Math.min(rows, smallRows)} rows in ${median(small).toFixed(1)} ms at ` +
      `${SEED_SMALL}, ${median(large).toFixed(1)} ms at ${SEED_LARGE} (medians of ${small.length})`,
  );
  return {
    [`api.${list.name}.bytesAt30k`]: { value: bytes, unit: 'bytes' },
    [`api.${list.name}.ratio30k`]: { value: Number(ratio.toFixed(2)), unit: 'x' },
  };
}

runApiBench(
  LARGE_TABLE,
  async () => {
    await ensureSeededFirms(store);
    const only = process.argv.slice(2);
    const figures: Figures = {};
    for (const list of LISTS)
      if (only.length === 0 || only.includes(list.name))
        Object.assign(figures, await measureList(list));
    return figures;
  },
  { path: store.path },
);
