import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { handler } from '../../functions/audit/handler';
import { AuditDateStats } from '../../functions/lib/repositories/audit-items';
import { auditRepository } from '../../functions/lib/repositories/audit-repository';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { startBenchTable } from './api-bench';
import type { Figures } from './types';
import { auditKeys } from '../../functions/lib/db/keys';
import { queryShardedPage } from '../../functions/lib/db/sharded-query';
import { median, timed } from './route-timing';

/*
 * The audit trail benchmark, run in a child process of `npm run bench`. Loads a
 * trail of AUDIT_ROWS rows, then times three pages through the real handler (`GET /api/audit-trail`,
 * in process: middy, zod, the repository) against the raw DynamoDB reads that page needs, written
 * directly against the SDK in the same run. Prints one JSON line of figures at the end.
 */

const TABLE = 'audit-bench';
const AUDIT_ROWS = Number(process.env.AUDIT_BENCH_ROWS ?? 1_000_000);
const DATES = 20;
const ROWS_PER_DATE = Math.ceil(AUDIT_ROWS / DATES);
const ACCOUNTS = 2_000;
const INSTRUMENTS = [
  'ESH6',
  'NQH6',
  'YMH6',
  'RTYH6',
  'CLJ6',
  'GCJ6',
  'SIH6',
  'ZBH6',
  'ZNH6',
  '6EH6',
];
const ACTIONS = ['NEW', 'FILL', 'CANCEL', 'REPLACE'];
const PAGE_SIZE = 50;
const DEEP_PAGE = 2_000;
const FILTER_INSTRUMENT = 'CLJ6';
const WRITE_CONCURRENCY = 8;

type Item = Record<string, unknown>;

function dateOf(index: number): string {
  const day = new Date(Date.UTC(2026, 0, 5) + index * 86_400_000);
  return day.toISOString().slice(0, 10).replaceAll('-', '');
}

/** Row `i` of a date: one every 500 ms from 08:30, accounts and instruments spread evenly. */
function recordOf(date: string, i: number): AuditTrailRecord {
  const at = new Date(
    Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6), 14, 30) + i * 500,
  );
  return {
    serverProcessDate: date,
    serverTimestamp: at.toISOString(),
    accountNumber: `BENCH-${String(i % ACCOUNTS).padStart(5, '0')}`,
    firmUserId: `U${i % ACCOUNTS}`,
    instrument: INSTRUMENTS[Math.floor(i / 7) % INSTRUMENTS.length] as string,
    action: ACTIONS[i % ACTIONS.length] as string,
    status: 'FILLED',
    quantity: 1 + (i % 5),
    buySellIndicator: i % 2 ? 'B' : 'S',
    limitPrice: 5_000 + (i % 100) / 4,
    fillPrice: 5_000 + (i % 100) / 4,
    orderNumber: `O${date}-${i}`,
    orderType: 'LIMIT',
    serverTransactionNumber: `T${String(i).padStart(7, '0')}`,
    exchange: 'CME',
  };
}

async function writeAll(client: DynamoDBDocumentClient, items: Item[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      let pending = items.slice(next, next + 25).map((Item) => ({ PutRequest: { Item } }));
      next += 25;
      while (pending.length) {
        const answer = await client.send(
          new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }),
        );
        pending = (answer.UnprocessedItems?.[TABLE] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
}

/** The trail, a date at a time (so memory holds one date), and each date's stats item. */
async function load(client: DynamoDBDocumentClient): Promise<void> {
  const started = performance.now();
  for (let d = 0; d < DATES; d += 1) {
    const date = dateOf(d);
    const stats = new AuditDateStats(date);
    const items: Item[] = [];
    for (let i = 0; i < ROWS_PER_DATE && d * ROWS_PER_DATE + i < AUDIT_ROWS; i += 1) {
      const record = recordOf(date, i);
      stats.add(record);
      items.push(auditRepository.itemOf(record));
    }
    items.push(...stats.items());
    await writeAll(client, items);
    console.error(
      `loaded ${date}: ${(d + 1) * ROWS_PER_DATE} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
}

/* ---- The raw reads each page needs, written directly against the SDK. ---- */

interface DateCounts {
  date: string;
  total: number;
  instrumentCounts: Record<string, number>;
}

async function rawDateCounts(client: DynamoDBDocumentClient): Promise<DateCounts[]> {
  const answer = await client.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'AUDITSTATS' },
      ProjectionExpression: '#date, #total, instrumentCounts',
      ExpressionAttributeNames: { '#date': 'date', '#total': 'total' },
    }),
  );
  return ((answer.Items ?? []) as DateCounts[]).sort((a, b) => b.date.localeCompare(a.date));
}

/** Page `page` of the newest-first trail, optionally of one instrument: the minimal read plan. */
async function rawPage(
  client: DynamoDBDocumentClient,
  page: number,
  instrument?: string,
): Promise<Item[]> {
  const dates = await rawDateCounts(client);
  const countOf = (entry: DateCounts) =>
    instrument ? (entry.instrumentCounts[instrument] ?? 0) : entry.total;
  let offset = (page - 1) * PAGE_SIZE;
  let index = 0;
  while (index < dates.length && offset >= countOf(dates[index] as DateCounts)) {
    offset -= countOf(dates[index] as DateCounts);
    index += 1;
  }
  // A date's rows are write-sharded over S GSI1 partitions (keys.ts): the least a page can read is
  // the S-way merge in time order, skipping `offset` rows of it by keys only.
  const input = {
    KeyConditionExpression: 'GSI1PK = :pk',
    ScanIndexForward: false,
    ...(instrument && {
      FilterExpression: 'instrument = :instrument',
      ExpressionAttributeValues: { ':instrument': instrument },
    }),
  };
  const shards = () => auditKeys.datePartitions((dates[index] as DateCounts).date);
  let cursor: string | undefined;
  if (offset > 0) {
    ({ nextCursor: cursor } = await queryShardedPage(
      shards(),
      { ...input, ProjectionExpression: 'PK, SK, GSI1PK, GSI1SK' },
      offset,
    ));
  }
  const items: Item[] = [];
  while (items.length < PAGE_SIZE && index < dates.length) {
    const page = await queryShardedPage(
      shards(),
      input,
      PAGE_SIZE - items.length,
      cursor,
      instrument ? 1_000 : undefined,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) index += 1;
  }
  return items;
}

/* ---- The API. ---- */

async function apiPage(query: Record<string, string>): Promise<Item[]> {
  const event = {
    version: '2.0',
    routeKey: 'GET /api/audit-trail',
    rawPath: '/api/audit-trail',
    rawQueryString: new URLSearchParams(query).toString(),
    headers: {},
    queryStringParameters: query,
    requestContext: {
      http: { method: 'GET', path: '/api/audit-trail' },
      requestId: 'bench',
      routeKey: 'GET /api/audit-trail',
      authorizer: {
        jwt: {
          claims: { sub: 'bench', email: 'bench@example.com', 'cognito:groups': '[admin]' },
          scopes: [],
        },
      },
    },
    isBase64Encoded: false,
  };
  const result = await handler(
    event as never,
    {
      awsRequestId: 'bench',
      functionName: 'bench',
    } as Context,
  );
  if (result.statusCode !== 200)
    throw new Error(`API answered ${result.statusCode}: ${result.body}`);
  return (JSON.parse(result.body as string) as { data: Item[] }).data;
}

/**
 * Alternates the API and the raw reads `runs` times (after a warm-up of each), so both see the same
 * database state and machine load; answers both medians in ms. The two must return the same rows.
 */
async function compare(
  name: string,
  runs: number,
  api: () => Promise<Item[]>,
  raw: () => Promise<Item[]>,
): Promise<{ apiMs: number; rawMs: number }> {
  const [apiRows, rawRows] = [await api(), await raw()];
  const stamp = (rows: Item[]) => rows.map((row) => `${row.serverTimestamp}#${row.accountNumber}`);
  if (JSON.stringify(stamp(apiRows)) !== JSON.stringify(stamp(rawRows)) || apiRows.length === 0) {
    throw new Error(`${name}: the API and the raw reads disagree`);
  }
  const apiTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    apiTimes.push(await timed(api));
    rawTimes.push(await timed(raw));
  }
  const result = { apiMs: median(apiTimes), rawMs: median(rawTimes) };
  console.error(
    `${name}: API ${result.apiMs.toFixed(1)} ms, raw reads ${result.rawMs.toFixed(1)} ms (median of ${runs})`,
  );
  return result;
}

const ratio = (result: { apiMs: number; rawMs: number }) =>
  Number((result.apiMs / result.rawMs).toFixed(2));

async function main(): Promise<void> {
  const db = await startBenchTable(TABLE);
  try {
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: db.endpoint }));
    await load(client);

    const first = await compare(
      'page 1',
      21,
      () => apiPage({ page: '1', pageSize: String(PAGE_SIZE) }),
      () => rawPage(client, 1),
    );
    const deep = await compare(
      `page ${DEEP_PAGE}`,
      7,
      () => apiPage({ page: String(DEEP_PAGE), pageSize: String(PAGE_SIZE) }),
      () => rawPage(client, DEEP_PAGE),
    );
    const filtered = await compare(
      `instrument ${FILTER_INSTRUMENT}, page 1`,
      21,
      () => apiPage({ instrument: FILTER_INSTRUMENT, page: '1', pageSize: String(PAGE_SIZE) }),
      () => rawPage(client, 1, FILTER_INSTRUMENT),
    );
    const figures: Figures = {
      'api.auditRows': { value: AUDIT_ROWS, unit: 'rows' },
      'api.auditPage.ms': { value: Number(first.apiMs.toFixed(1)), unit: 'ms' },
      'api.auditPage.ratio': { value: ratio(first), unit: 'x' },
      'api.auditDeepPage.ms': { value: Number(deep.apiMs.toFixed(1)), unit: 'ms' },
      'api.auditDeepPage.ratio': { value: ratio(deep), unit: 'x' },
      'api.auditFiltered.ms': { value: Number(filtered.apiMs.toFixed(1)), unit: 'ms' },
      'api.auditFiltered.ratio': { value: ratio(filtered), unit: 'x' },
    };
    console.log(JSON.stringify(figures));
  } finally {
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
