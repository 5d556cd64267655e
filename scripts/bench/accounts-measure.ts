import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_PAGE_SIZE } from '@shared/accounts/account';
import { handler as accountsHandler } from '../../functions/accounts/handler';
import { batchPutAll } from '../../functions/lib/db/batch-writer';
import { accountKeys, dayKeys, tradingDateKeys } from '../../functions/lib/db/keys';
import {
  ACCOUNT_PHASES,
  accountListProjection,
  accountRepository,
  groupMemberProjection,
  RITHMIC_STATUSES,
} from '../../functions/lib/repositories/account-repository';
import {
  listFiguresProjection,
  performanceRepository,
} from '../../functions/lib/repositories/performance-repository';
import { handler as performanceHandler } from '../../functions/performance/handler';
import { callRoute, getEvent, rawQuery, runApiBench } from './api-bench';
import { judgedTemplates } from './judged-templates';
import { compareRoute, routeRatio } from './route-timing';

/*
 * `GET /api/accounts` (its first page) and `GET /api/performance/today` over 10,000 accounts, each timed
 * against the raw DynamoDB queries it needs (same key conditions, projections and paging, through a
 * plain document client, nothing parsed or serialized) in the same run. Runs in a child process of
 * `npm run bench`; prints one JSON line of figures at the end.
 */

const ACCOUNTS = 10_000;
const DATE = '20260302';

async function seedAccounts(): Promise<void> {
  const pairs = await judgedTemplates('bench-accounts');
  const items = [];
  for (let index = 0; index < ACCOUNTS; index += 1) {
    const { account, day } = pairs[index % pairs.length]!;
    const accountId = `BENCH-${String(index).padStart(6, '0')}`;
    items.push(
      accountRepository.itemOf({
        ...account,
        accountId,
        phase: ACCOUNT_PHASES[index % ACCOUNT_PHASES.length],
        rithmicStatus: RITHMIC_STATUSES[Math.floor(index / 4) % RITHMIC_STATUSES.length],
      }),
      performanceRepository.performanceItemOf({ ...day, Account: accountId, Date: DATE }),
    );
  }
  items.push(performanceRepository.dateItemOf(DATE));
  await batchPutAll(items, { concurrency: 8 });
  console.error(`seeded ${ACCOUNTS} accounts and their day ${DATE} (${pairs.length} templates)`);
}

/** The 12 GSI2 group queries with a projection. */
function groupQueries(client: DynamoDBDocumentClient, projection: Record<string, unknown>) {
  return Promise.all(
    ACCOUNT_PHASES.flatMap((phase) =>
      RITHMIC_STATUSES.map((status) =>
        rawQuery(client, {
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': accountKeys.phaseStatusPartition(phase, status) },
          ...projection,
        }),
      ),
    ),
  );
}

/** The first page of the account list: the first group's first 200 rows, projected. */
async function rawAccounts(client: DynamoDBDocumentClient): Promise<number> {
  const page = await client.send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: {
        ':pk': accountKeys.phaseStatusPartition(ACCOUNT_PHASES[0]!, RITHMIC_STATUSES[0]!),
      },
      ...accountListProjection,
      Limit: ACCOUNT_PAGE_SIZE,
    }),
  );
  return page.Items?.length ?? 0;
}

async function rawPerformanceToday(client: DynamoDBDocumentClient): Promise<number> {
  const [latest] = await rawQuery(client, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :date)',
    ExpressionAttributeValues: {
      ':pk': tradingDateKeys.partition,
      ':date': tradingDateKeys.prefix,
    },
    ScanIndexForward: false,
    Limit: 1,
  });
  const [figures] = await Promise.all([
    // The date's S write-sharded partitions (keys.ts), read together.
    Promise.all(
      dayKeys.datePartitions(String(latest?.date)).map((pk) =>
        rawQuery(client, {
          IndexName: 'GSI4',
          KeyConditionExpression: 'GSI4PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ...listFiguresProjection(),
        }),
      ),
    ).then((lists) => lists.flat()),
    groupQueries(client, groupMemberProjection),
  ]);
  return figures.length;
}

const ACCOUNTS_EVENT = getEvent('/api/accounts', '/api/accounts');
const TODAY_EVENT = getEvent('/api/performance/today', '/api/performance/today');

runApiBench('bench-accounts', async (client) => {
  await seedAccounts();
  const accounts = await compareRoute(
    () => callRoute(accountsHandler, ACCOUNTS_EVENT),
    () => rawAccounts(client),
  );
  const bytes = await callRoute(accountsHandler, ACCOUNTS_EVENT);
  console.error(
    `GET /api/accounts: ${accounts.route.toFixed(0)} ms (${(bytes / 1e6).toFixed(1)} MB), ` +
      `raw queries ${accounts.reference.toFixed(0)} ms`,
  );
  const today = await compareRoute(
    () => callRoute(performanceHandler, TODAY_EVENT),
    () => rawPerformanceToday(client),
  );
  console.error(
    `GET /api/performance/today: ${today.route.toFixed(0)} ms, raw queries ${today.reference.toFixed(0)} ms`,
  );
  return {
    'api.accounts.ms': { value: Math.round(accounts.route), unit: 'ms' },
    'api.accounts.ratio': { value: routeRatio(accounts), unit: 'x' },
    'api.performanceToday.ms': { value: Math.round(today.route), unit: 'ms' },
    'api.performanceToday.ratio': { value: routeRatio(today), unit: 'x' },
  };
});
