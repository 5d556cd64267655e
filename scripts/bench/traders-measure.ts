import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { batchPutAll } from '../../functions/lib/db/batch-writer';
import {
  accountKeys,
  dayKeys,
  programKeys,
  ruleKeys,
  tradingDateKeys,
  traderKeys,
} from '../../functions/lib/db/keys';
import {
  ACCOUNT_PHASES,
  accountRepository,
  RITHMIC_STATUSES,
} from '../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../functions/lib/repositories/performance-repository';
import { traderRepository } from '../../functions/lib/repositories/trader-repository';
import { handler as summariesHandler } from '../../functions/summaries/handler';
import { handler as tradersHandler } from '../../functions/traders/handler';
import { FIRM_SUMMARY_DATES } from '@shared/summaries/daily-summary-query';
import { callRoute, getEvent, rawQuery, runApiBench } from './api-bench';
import { judgedTemplates } from './judged-templates';
import { compareRoute, routeRatio } from './route-timing';

/*
 * `GET /api/traders/details/{id}` for a trader with 20 accounts and `GET /api/summaries/firm`
 * for the latest day over 10,000 accounts, each timed against the raw DynamoDB reads it needs (same
 * keys, projections and paging, through a plain document client, nothing parsed or serialized) in the
 * same run. Runs in a child process of `npm run bench`; prints one JSON line of figures at the end.
 */

const ACCOUNTS = 10_000;
const TRADER_ACCOUNTS = 20;
const TRADERS = ACCOUNTS / TRADER_ACCOUNTS;
/** After every demo date the templates were synced over, so it is the firm summary's latest day. */
const DATE = '20991230';
const BENCH_TRADER = traderIdOf(0);
const TABLE = 'bench-traders';

function traderIdOf(index: number): string {
  return `TRB${String(index).padStart(6, '0')}`;
}

/** 500 traders of 20 accounts each, every account with its day `DATE`. */
async function seed(): Promise<void> {
  const pairs = await judgedTemplates('bench-traders');
  const [trader] = await traderRepository.listAll();
  const items = [];
  for (let index = 0; index < TRADERS; index += 1) {
    const traderId = traderIdOf(index);
    items.push(
      traderRepository.itemOf({
        ...trader!,
        traderId,
        email: `${traderId}@example.com`.toLowerCase(),
      }),
    );
  }
  for (let index = 0; index < ACCOUNTS; index += 1) {
    const { account, day } = pairs[index % pairs.length]!;
    const accountId = `BENCH-${String(index).padStart(6, '0')}`;
    const traderId = traderIdOf(Math.floor(index / TRADER_ACCOUNTS));
    items.push(
      accountRepository.itemOf({
        ...account,
        accountId,
        traderId,
        phase: ACCOUNT_PHASES[index % ACCOUNT_PHASES.length],
        rithmicStatus: RITHMIC_STATUSES[Math.floor(index / 4) % RITHMIC_STATUSES.length],
      }),
      ...performanceRepository.dayItemsOf({ ...day, Account: accountId, Date: DATE, traderId }),
    );
  }
  items.push(performanceRepository.dateItemOf(DATE));
  await batchPutAll(items, { concurrency: 8 });
  console.error(`seeded ${TRADERS} traders, ${ACCOUNTS} accounts and their day ${DATE}`);
}

interface PhaseLike {
  phaseId: string;
  rules: { rules: { ruleId: string }[] };
}

/** The details' reads: Get trader, Query its accounts, Get each program version, BatchGet rules. */
async function rawTraderDetails(client: DynamoDBDocumentClient): Promise<number> {
  await client.send(new GetCommand({ TableName: TABLE, Key: traderKeys.profile(BENCH_TRADER) }));
  const accounts = await rawQuery(client, {
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :account)',
    ExpressionAttributeValues: {
      ':pk': accountKeys.traderPartition(BENCH_TRADER),
      ':account': accountKeys.accountPrefix,
    },
  });
  const versions = new Map<string, { prefix: string; version: number; phase: string }>();
  for (const account of accounts) {
    const program = account.program as { prefix: string; version: number; currentPhase: string };
    versions.set(`${program.prefix}#${program.version}`, {
      ...program,
      phase: program.currentPhase,
    });
  }
  const programs = await Promise.all(
    [...versions.values()].map((entry) =>
      client.send(
        new GetCommand({ TableName: TABLE, Key: programKeys.version(entry.prefix, entry.version) }),
      ),
    ),
  );
  const ruleIds = new Set<string>();
  programs.forEach(({ Item }, index) => {
    const phase = [...versions.values()][index]!.phase;
    for (const entry of (Item?.phases ?? []) as PhaseLike[]) {
      if (entry.phaseId === phase) entry.rules.rules.forEach((rule) => ruleIds.add(rule.ruleId));
    }
  });
  await client.send(
    new BatchGetCommand({
      RequestItems: { [TABLE]: { Keys: [...ruleIds].map((id) => ruleKeys.definition(id)) } },
    }),
  );
  return accounts.length;
}

/** The firm summary's reads: the latest dates, the day's summary rows, the neighbour dates. */
async function rawFirmSummary(client: DynamoDBDocumentClient): Promise<number> {
  const dates = await client.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :date)',
      ExpressionAttributeValues: {
        ':pk': tradingDateKeys.partition,
        ':date': tradingDateKeys.prefix,
      },
      ScanIndexForward: false,
      Limit: FIRM_SUMMARY_DATES,
    }),
  );
  const date = String(dates.Items?.[0]?.date);
  const key = tradingDateKeys.date(date).SK;
  const [rows] = await Promise.all([
    // The date's S write-sharded partitions (keys.ts), read together.
    Promise.all(
      dayKeys.summaryDatePartitions(date).map((pk) =>
        rawQuery(client, {
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
        }),
      ),
    ).then((lists) => lists.flat()),
    client.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :key',
        ExpressionAttributeValues: {
          ':pk': tradingDateKeys.partition,
          ':first': tradingDateKeys.prefix,
          ':key': key,
        },
        ScanIndexForward: false,
        Limit: 2,
      }),
    ),
    client.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :key AND :last',
        ExpressionAttributeValues: {
          ':pk': tradingDateKeys.partition,
          ':key': key,
          ':last': `${tradingDateKeys.prefix}99999999`,
        },
        Limit: 2,
      }),
    ),
  ]);
  return rows.length;
}

runApiBench(TABLE, async (client) => {
  await seed();
  const detailsEvent = getEvent(
    `/api/traders/details/${BENCH_TRADER}`,
    '/api/traders/details/{id}',
    {
      id: BENCH_TRADER,
    },
  );
  const details = await compareRoute(
    () => callRoute(tradersHandler, detailsEvent),
    () => rawTraderDetails(client),
  );
  console.error(
    `GET /api/traders/details/{id} (${TRADER_ACCOUNTS} accounts): ${details.route.toFixed(1)} ms, ` +
      `raw reads ${details.reference.toFixed(1)} ms`,
  );
  const firmEvent = getEvent('/api/summaries/firm', '/api/summaries/firm');
  const firm = await compareRoute(
    () => callRoute(summariesHandler, firmEvent),
    () => rawFirmSummary(client),
  );
  const bytes = await callRoute(summariesHandler, firmEvent);
  console.error(
    `GET /api/summaries/firm (${ACCOUNTS} accounts, ${(bytes / 1e6).toFixed(1)} MB): ` +
      `${firm.route.toFixed(0)} ms, raw reads ${firm.reference.toFixed(0)} ms`,
  );
  return {
    'api.traderDetails.ms': { value: Number(details.route.toFixed(1)), unit: 'ms' },
    'api.traderDetails.ratio': { value: routeRatio(details), unit: 'x' },
    'api.firmSummary.ms': { value: Math.round(firm.route), unit: 'ms' },
    'api.firmSummary.ratio': { value: routeRatio(firm), unit: 'x' },
  };
});
