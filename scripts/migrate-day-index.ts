import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamoDocumentClient } from '../functions/lib/aws/dynamodb';
import { dayKeys } from '../functions/lib/db/keys';
import { decodeCursor, encodeCursor } from '../functions/lib/db/paging';
import { mapLimit } from '../functions/lib/map-limit';
import { tableName } from '../functions/lib/db/table';
import { runCli } from './run-cli';

/*
 * `TABLE_NAME=<table> npx tsx scripts/migrate-day-index.ts [--keep-gsi1] [--cursor <cursor>]`
 *
 * Moves the stored daily performance items (`ACCOUNT#<id> / PERF#<date>`) onto the day index: each
 * gets its GSI4 keys (`DAY#<date>#<h>` / `ACCOUNT#<id>`) and loses the GSI1 keys it was written with
 * (`DAY#<date>#<h>`), so GSI1, which projects every attribute, no longer holds a copy of every judged
 * day (docs/data-model.md, "GSI4: a date's performance items"). `--keep-gsi1` adds the GSI4 keys only:
 * run before the code that reads GSI4 is deployed, so the code still running keeps its reads whole.
 *
 * Idempotent: the Scan keeps only performance items that lack GSI4 keys or still carry GSI1 keys, and
 * each update writes keys computed from the item's own account and date, so a re-run, or two runs at
 * once, changes nothing more. Resumable: after each page it prints `cursor <c>`; `--cursor <c>` starts
 * from there (a run started from the beginning again is only slower). An item deleted meanwhile (a
 * void, a re-ingest) is skipped, never recreated (`attribute_exists(PK)`).
 */

const USAGE =
  'Usage: TABLE_NAME=<table> npx tsx scripts/migrate-day-index.ts [--keep-gsi1] [--cursor <cursor>]';

/** Updates in flight at once: a Scan page holds at most a few hundred performance items. */
const UPDATE_CONCURRENCY = 16;

export interface DayIndexMigrationOptions {
  /** Where a previous run stopped (its last printed cursor); absent: the table's start. */
  cursor?: string | undefined;
  /** Add the GSI4 keys and leave the GSI1 keys (the first of the two deploy passes). */
  keepGsi1?: boolean;
  /** Items a Scan page evaluates (DynamoDB's 1 MB page applies anyway); for tests. */
  pageSize?: number;
  /** Stop after this many pages (resume with the cursor returned); for tests. */
  maxPages?: number;
  /** Called after each page with the cursor a resumed run starts from (undefined: the scan ended). */
  onPage?: (progress: DayIndexMigrationProgress) => void;
}

export interface DayIndexMigrationProgress {
  /** Scan pages read. */
  pages: number;
  /** Performance items the filters kept (those still to move). */
  matched: number;
  /** Items updated. */
  updated: number;
  /** Items gone between the Scan and their update. */
  skipped: number;
  /** Where to resume; undefined when the Scan reached the table's end. */
  cursor: string | undefined;
}

/** The filter of the items still to move, and the update that moves one. */
function plan(keepGsi1: boolean) {
  return {
    filter: keepGsi1
      ? 'begins_with(SK, :perf) AND attribute_not_exists(GSI4PK)'
      : 'begins_with(SK, :perf) AND (attribute_not_exists(GSI4PK) OR attribute_exists(GSI1PK))',
    update: keepGsi1
      ? 'SET GSI4PK = :pk4, GSI4SK = :sk4'
      : 'SET GSI4PK = :pk4, GSI4SK = :sk4 REMOVE GSI1PK, GSI1SK',
  };
}

async function moveItem(item: Record<string, unknown>, update: string): Promise<boolean> {
  const accountId = String(item.Account);
  const date = String(item.Date);
  const key = dayKeys.performance(accountId, date);
  // The keys computed from the item's own fields must name the item itself.
  if (key.PK !== item.PK || key.SK !== item.SK) {
    throw new Error(`Performance item ${String(item.PK)} / ${String(item.SK)} names another day`);
  }
  const index = dayKeys.performanceIndex(accountId, date);
  try {
    await dynamoDocumentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':pk4': index.GSI4PK, ':sk4': index.GSI4SK },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Runs the migration from `cursor` to the table's end (or `maxPages`), page by page. */
export async function migrateDayIndex(
  options: DayIndexMigrationOptions = {},
): Promise<DayIndexMigrationProgress> {
  const { filter, update } = plan(options.keepGsi1 === true);
  const progress: DayIndexMigrationProgress = {
    pages: 0,
    matched: 0,
    updated: 0,
    skipped: 0,
    cursor: options.cursor,
  };
  let start = decodeCursor(options.cursor);
  do {
    const page = await dynamoDocumentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: filter,
        ProjectionExpression: 'PK, SK, Account, #date',
        ExpressionAttributeNames: { '#date': 'Date' },
        ExpressionAttributeValues: { ':perf': dayKeys.performancePrefix },
        ExclusiveStartKey: start,
        ...(options.pageSize && { Limit: options.pageSize }),
      }),
    );
    const items = (page.Items ?? []) as Record<string, unknown>[];
    await mapLimit(items, UPDATE_CONCURRENCY, async (item) => {
      if (await moveItem(item, update)) progress.updated += 1;
      else progress.skipped += 1;
    });
    start = page.LastEvaluatedKey;
    progress.pages += 1;
    progress.matched += items.length;
    progress.cursor = encodeCursor(start);
    options.onPage?.({ ...progress });
  } while (start && (options.maxPages === undefined || progress.pages < options.maxPages));
  return progress;
}

export async function main(args: readonly string[]): Promise<number> {
  let cursor: string | undefined;
  let keepGsi1 = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--keep-gsi1') keepGsi1 = true;
    else if (arg === '--cursor' && args[index + 1]) cursor = args[++index];
    else {
      console.error(USAGE);
      return 2;
    }
  }
  if (!process.env.TABLE_NAME) {
    console.error(USAGE);
    return 2;
  }
  const done = await migrateDayIndex({
    cursor,
    keepGsi1,
    onPage: (progress) =>
      console.error(
        `page ${progress.pages}: ${progress.updated} updated, ${progress.skipped} gone` +
          (progress.cursor ? `; cursor ${progress.cursor}` : '; scan complete'),
      ),
  });
  console.log(
    `day index: ${done.updated} performance items moved${keepGsi1 ? ' (GSI1 keys kept)' : ''}, ` +
      `${done.skipped} gone meanwhile, ${done.pages} pages`,
  );
  return 0;
}

runCli(module, main);
