import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { handler as accountsHandler } from '../../functions/accounts/handler';
import { handler as tradersHandler } from '../../functions/traders/handler';
import { ensureTable } from '../local-stack/bootstrap';
import { callRoute, getEvent, runApiBench, type Handler } from './api-bench';
import { median, timed } from './route-timing';
import { markSeeded, SEED_LARGE, SEED_SMALL, seedFirm, seedStore } from './seed-30k';
import type { Figures } from './types';

/*
 * Growth of the staff lists: each list's first page at 30,000 accounts (its bytes) and its median
 * time there ÷ at 1,000 accounts. Both firms are seeded once (scripts/bench/seed-30k.ts, BatchWrite
 * straight into two tables of one dynalite kept on disk, reused by later runs) and every list is
 * measured on the same two tables: add a list to `LISTS`. Runs in a child process of `npm run bench`; prints one JSON line of figures.
 */

interface ListBench {
  /** The figures' name: `api.<name>.bytesAt30k`, `api.<name>.ratio30k`. */
  name: string;
  handler: Handler;
  path: `/api/${string}`;
}

const LISTS: ListBench[] = [
  { name: 'accounts', handler: accountsHandler, path: '/api/accounts' },
  { name: 'traders', handler: tradersHandler, path: '/api/traders' },
];

const SMALL_TABLE = 'bench-lists-1k';
const LARGE_TABLE = 'bench-lists-30k';
const ROUNDS = 9;

const store = seedStore();

async function seedTables(): Promise<void> {
  if (store.ready) {
    console.error(`reusing the seeded firms of ${store.path}`);
    return;
  }
  const client = new DynamoDBClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB });
  for (const [table, accounts] of [
    [SMALL_TABLE, SEED_SMALL],
    [LARGE_TABLE, SEED_LARGE],
  ] as const) {
    const started = performance.now();
    await ensureTable(client, table);
    process.env.TABLE_NAME = table;
    await seedFirm(accounts);
    console.error(
      `seeded ${accounts} accounts and their traders in ${table} in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  markSeeded(store.path);
}

/** Median ms of the first page on each table, calls alternating between them; bytes at 30,000. */
async function measureList(list: ListBench): Promise<Figures> {
  const event = getEvent(list.path, list.path);
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
  for (let round = 0; round < ROUNDS; round += 1) {
    small.push(await timed(() => call(SMALL_TABLE)));
    large.push(await timed(() => call(LARGE_TABLE)));
  }
  const bytes = await call(LARGE_TABLE);
  const ratio = median(large) / median(small);
  console.error(
    `GET ${list.path} first page: ${median(small).toFixed(1)} ms at ${SEED_SMALL}, ` +
      `${median(large).toFixed(1)} ms at ${SEED_LARGE} accounts (${(bytes / 1e3).toFixed(0)} KB)`,
  );
  return {
    [`api.${list.name}.bytesAt30k`]: { value: bytes, unit: 'bytes' },
    [`api.${list.name}.ratio30k`]: { value: Number(ratio.toFixed(2)), unit: 'x' },
  };
}

runApiBench(
  LARGE_TABLE,
  async () => {
    await seedTables();
    const figures: Figures = {};
    for (const list of LISTS) Object.assign(figures, await measureList(list));
    return figures;
  },
  { path: store.path },
);
