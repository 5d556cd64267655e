import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
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
import { routeKeyOf } from '@shared/api/routes';
import { ensureTable } from '../local-stack/bootstrap';
import { startDynaliteProcess } from './server-process';
import { judgedTemplates } from './judged-templates';
import type { Figures } from './types';
import { compareRoute, routeRatio } from './route-timing';

/*
 * `GET /api/accounts` and `GET /api/performance/today` over 10,000 accounts (issue 17), each timed
 * against the raw DynamoDB queries it needs (same key conditions, projections and paging, through a
 * plain document client, nothing parsed or serialized) in the same run. Runs in a child process of
 * `npm run bench`; prints one JSON line of figures at the end.
 */

const ACCOUNTS = 10_000;
const WARM_UP = 2;
const ROUNDS = 7;
const DATE = '20260302';

type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

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

function event(method: 'GET', path: '/api/accounts' | '/api/performance/today') {
  const routeKey = routeKeyOf({ method, path });
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    requestContext: {
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      routeKey,
      requestId: 'bench',
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: { sub: 'bench', 'cognito:groups': '[admin]' }, scopes: [] },
      },
    },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

const context = { awsRequestId: 'bench', functionName: 'bench' } as Context;

async function callRoute(handler: Handler, path: '/api/accounts' | '/api/performance/today') {
  const answer = await handler(event('GET', path), context);
  if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}`);
  return answer.body?.length ?? 0;
}

/** Every page of one query, items kept as the client gives them. */
async function rawQuery(
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'TableName'>,
) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({ ...input, TableName: process.env.TABLE_NAME, ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
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

async function rawAccounts(client: DynamoDBDocumentClient): Promise<number> {
  return (await groupQueries(client, accountListProjection)).flat().length;
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
    rawQuery(client, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': dayKeys.datePartition(String(latest?.date)) },
      ...listFiguresProjection(),
    }),
    groupQueries(client, groupMemberProjection),
  ]);
  return figures.length;
}

const compare = (route: () => Promise<unknown>, reference: () => Promise<unknown>) =>
  compareRoute(route, reference, { warmUp: WARM_UP, rounds: ROUNDS });

async function main(): Promise<void> {
  const db = await startDynaliteProcess();
  try {
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'bench',
      AWS_SECRET_ACCESS_KEY: 'bench',
      AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      TABLE_NAME: 'bench-accounts',
    });
    await ensureTable(new DynamoDBClient({ endpoint: db.endpoint }), 'bench-accounts');
    await seedAccounts();
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: db.endpoint }));

    const accounts = await compare(
      () => callRoute(accountsHandler, '/api/accounts'),
      () => rawAccounts(client),
    );
    const bytes = await callRoute(accountsHandler, '/api/accounts');
    console.error(
      `GET /api/accounts: ${accounts.route.toFixed(0)} ms (${(bytes / 1e6).toFixed(1)} MB), ` +
        `raw queries ${accounts.reference.toFixed(0)} ms`,
    );
    const today = await compare(
      () => callRoute(performanceHandler, '/api/performance/today'),
      () => rawPerformanceToday(client),
    );
    console.error(
      `GET /api/performance/today: ${today.route.toFixed(0)} ms, raw queries ${today.reference.toFixed(0)} ms`,
    );
    const figures: Figures = {
      'api.accounts.ms': { value: Math.round(accounts.route), unit: 'ms' },
      'api.accounts.ratio': { value: routeRatio(accounts), unit: 'x' },
      'api.performanceToday.ms': { value: Math.round(today.route), unit: 'ms' },
      'api.performanceToday.ratio': { value: routeRatio(today), unit: 'x' },
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
