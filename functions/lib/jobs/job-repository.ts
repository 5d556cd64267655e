import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { jobSchema, type Job, type JobCounts } from '@shared/jobs/job';
import { JOB_CHANGES_PAGE, type JobView } from '@shared/jobs/job-view';
import { accountStatusChangeSchema } from '@shared/programs/status-change';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { withoutKeys } from '../db/keys';
import type { Item } from '../db/item';
import { getItem, putItem, putNew, queryAll, queryPage, tableName } from '../db/table';
import { storedAccountSchema } from '../repositories/account-repository';

/**
 * Background jobs (docs/data-model.md "background job"): one partition per job, `JOB#<jobId>`.
 * - `JOB`: the job (kind, status, progress, counts, the cursor of the next batch).
 * - `IDS#<00000>`: the accounts to visit, in chunks of {@link ID_CHUNK} ids, so a job over 30,000
 *   accounts keeps every item far below DynamoDB's 400 KB.
 * - `ACCOUNT#<accountId>`: one account's marker. `started` holds the account as it was before the job
 *   touched it (and what the job prepared for it), so a redo after a crash starts from the very same
 *   input and writes the very same items; `done` holds how it came out and, when its standing
 *   changed, the change. A done account is never visited again.
 */

/** Ids per chunk item: 500 × ≤ 64 characters stays under 40 KB. */
export const ID_CHUNK = 500;

export const jobKeys = {
  job: (jobId: string) => ({ PK: `JOB#${jobId}`, SK: 'JOB' }),
  ids: (jobId: string, chunk: number) => ({
    PK: `JOB#${jobId}`,
    SK: `IDS#${String(chunk).padStart(5, '0')}`,
  }),
  account: (jobId: string, accountId: string) => ({
    PK: `JOB#${jobId}`,
    SK: `ACCOUNT#${accountId}`,
  }),
  accountPrefix: 'ACCOUNT#',
} as const;

/** What the job needs besides its subject (who voids and why), never answered by the API. */
export const jobParamsSchema = z.object({
  reason: z.string().optional(),
  accountIds: z.array(z.string()).optional(),
});

export const storedJobSchema = jobSchema.extend({
  params: jobParamsSchema.default({}),
  /** Index in the id list of the next batch; the accounts before it are all done. */
  cursor: z.number().int().min(0).default(0),
  /** How many times the job was started again after it stopped (names its workflow executions). */
  attempt: z.number().int().min(0).default(0),
});
export type StoredJob = z.infer<typeof storedJobSchema>;
export type StoredJobInput = z.input<typeof storedJobSchema>;

export const accountOutcomeSchema = z.enum(['updated', 'assigned', 'skipped', 'errors']);
export type AccountOutcome = z.infer<typeof accountOutcomeSchema>;

const startedMarkerSchema = z.object({
  state: z.literal('started'),
  accountId: z.string(),
  before: storedAccountSchema,
  prepared: z.record(z.string(), z.unknown()).optional(),
});
const doneMarkerSchema = z.object({
  state: z.literal('done'),
  accountId: z.string(),
  outcome: accountOutcomeSchema,
  change: accountStatusChangeSchema.optional(),
});
const markerSchema = z.discriminatedUnion('state', [startedMarkerSchema, doneMarkerSchema]);
export type StartedMarker = z.infer<typeof startedMarkerSchema>;
export type DoneMarker = z.infer<typeof doneMarkerSchema>;
export type AccountMarker = z.infer<typeof markerSchema>;

export const emptyCounts = (): JobCounts => ({
  updated: 0,
  assigned: 0,
  skipped: 0,
  errors: 0,
  changed: 0,
});

const parseJob = (item: Item) => storedJobSchema.parse(withoutKeys(item));

export const jobRepository = {
  async create(job: StoredJobInput): Promise<StoredJob> {
    const valid = storedJobSchema.parse(job);
    await putNew({ ...jobKeys.job(valid.jobId), ...valid }, `Job ${valid.jobId} already exists`);
    return valid;
  },

  /** Access pattern "one job": Get `JOB#<jobId> / JOB`. */
  async get(jobId: string): Promise<StoredJob | undefined> {
    const item = await getItem(jobKeys.job(jobId));
    return item ? parseJob(item) : undefined;
  },

  /**
   * The job's accounts are listed: its id chunks written as the listing's pages come (never more
   * than a chunk and a page held), then the job running from cursor 0. Only from queued, so a
   * planning step run twice lists once (a second listing rewrites the chunks from the first, and the
   * job's total bounds what is read of them).
   */
  async plan(
    jobId: string,
    pages: AsyncIterable<readonly string[]> | Iterable<readonly string[]>,
  ): Promise<boolean> {
    let chunk = 0;
    let total = 0;
    let pending: string[] = [];
    const write = async (ids: string[]) => {
      await putItem({ ...jobKeys.ids(jobId, chunk), ids });
      chunk += 1;
    };
    for await (const page of pages) {
      pending.push(...page);
      total += page.length;
      while (pending.length >= ID_CHUNK) {
        await write(pending.slice(0, ID_CHUNK));
        pending = pending.slice(ID_CHUNK);
      }
    }
    if (pending.length > 0) await write(pending);
    return update(jobId, {
      UpdateExpression: 'SET #status = :running, #total = :total, #cursor = :zero, done = :zero',
      ConditionExpression: '#status = :queued',
      ExpressionAttributeNames: { '#status': 'status', '#total': 'total', '#cursor': 'cursor' },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':queued': 'queued',
        ':total': total,
        ':zero': 0,
      },
    });
  },

  /** The ids from index `from`, at most `limit`: the next batch. */
  async idsFrom(jobId: string, from: number, limit: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = from; ids.length < limit;) {
      const chunk = Math.floor(index / ID_CHUNK);
      const item = await getItem(jobKeys.ids(jobId, chunk));
      const chunkIds = z.array(z.string()).parse(item?.ids ?? []);
      const slice = chunkIds.slice(index - chunk * ID_CHUNK);
      if (slice.length === 0) break;
      ids.push(...slice.slice(0, limit - ids.length));
      index = (chunk + 1) * ID_CHUNK;
    }
    return ids;
  },

  async getMarker(jobId: string, accountId: string): Promise<AccountMarker | undefined> {
    const item = await getItem(jobKeys.account(jobId, accountId));
    return item ? markerSchema.parse(withoutKeys(item)) : undefined;
  },

  async saveMarker(jobId: string, marker: AccountMarker): Promise<void> {
    await putItem({ ...jobKeys.account(jobId, marker.accountId), ...marker });
  },

  /**
   * A batch is done (every account in it has its done marker): the cursor moves past it and its
   * outcomes are added to the job's progress, once, conditionally on the cursor it started from, so
   * a batch committed twice (a retried step) counts once.
   */
  async commitBatch(jobId: string, from: number, to: number, counts: JobCounts): Promise<boolean> {
    return update(jobId, {
      UpdateExpression:
        'SET #cursor = :to, done = done + :visited, counts.updated = counts.updated + :updated, ' +
        'counts.assigned = counts.assigned + :assigned, counts.skipped = counts.skipped + :skipped, ' +
        'counts.#errors = counts.#errors + :errors, counts.changed = counts.changed + :changed',
      ConditionExpression: '#status = :running AND #cursor = :from',
      ExpressionAttributeNames: { '#status': 'status', '#cursor': 'cursor', '#errors': 'errors' },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':from': from,
        ':to': to,
        ':visited': to - from,
        ':updated': counts.updated,
        ':assigned': counts.assigned,
        ':skipped': counts.skipped,
        ':errors': counts.errors,
        ':changed': counts.changed,
      },
    });
  },

  /** The job ends (succeeded or failed), unless it has ended already. */
  async finish(
    jobId: string,
    status: 'succeeded' | 'failed',
    now: string,
    error?: string,
  ): Promise<boolean> {
    return update(jobId, {
      UpdateExpression: `SET #status = :status, finishedAt = :now${error ? ', #error = :error' : ''}`,
      ConditionExpression: '#status IN (:queued, :running)',
      ExpressionAttributeNames: { '#status': 'status', ...(error && { '#error': 'error' }) },
      ExpressionAttributeValues: {
        ':status': status,
        ':now': now,
        ':queued': 'queued',
        ':running': 'running',
        ...(error && { ':error': error }),
      },
    });
  },

  /**
   * A stopped job is started again (`POST /api/jobs/{jobId}/resume`): running again if its accounts
   * were listed, queued if not, its error cleared, its attempt counted. Answers the job, or undefined
   * when it had succeeded meanwhile.
   */
  async reopen(job: StoredJob): Promise<StoredJob | undefined> {
    const planned = await getItem(jobKeys.ids(job.jobId, 0));
    const next: StoredJob = {
      ...job,
      status: planned ? 'running' : 'queued',
      attempt: job.attempt + 1,
    };
    delete next.error;
    delete next.finishedAt;
    const reopened = await update(job.jobId, {
      UpdateExpression: 'SET #status = :status, attempt = :attempt REMOVE #error, finishedAt',
      ConditionExpression: '#status <> :succeeded AND attempt = :previous',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: {
        ':status': next.status,
        ':attempt': next.attempt,
        ':previous': job.attempt,
        ':succeeded': 'succeeded',
      },
    });
    return reopened ? next : undefined;
  },

  /** The done markers of some accounts (a batch's), by account id. */
  async doneMarkers(jobId: string, accountIds: readonly string[]): Promise<DoneMarker[]> {
    const markers = await Promise.all(accountIds.map((id) => jobRepository.getMarker(jobId, id)));
    return markers.filter((marker): marker is DoneMarker => marker?.state === 'done');
  },

  /**
   * Access pattern "accounts a job changed": Query `PK = JOB#<jobId>`, `SK begins_with ACCOUNT#`,
   * filtered on a change, a page at a time in account id order.
   */
  async changes(
    jobId: string,
    cursor?: string,
  ): Promise<Pick<JobView, 'changes' | 'changesCursor'>> {
    const page = await queryPage(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :account)',
        FilterExpression: 'attribute_exists(change)',
        ProjectionExpression: 'change',
        ExpressionAttributeValues: {
          ':pk': jobKeys.job(jobId).PK,
          ':account': jobKeys.accountPrefix,
        },
      },
      JOB_CHANGES_PAGE,
      cursor,
    );
    return {
      changes: page.items.map((item) => accountStatusChangeSchema.parse(item.change)),
      ...(page.nextCursor && { changesCursor: page.nextCursor }),
    };
  },

  /** Every item of a job (tests). */
  async items(jobId: string): Promise<Item[]> {
    return queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': jobKeys.job(jobId).PK },
    });
  },
};

async function update(
  jobId: string,
  input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>,
): Promise<boolean> {
  try {
    await dynamoDocumentClient().send(
      new UpdateCommand({ ...input, TableName: tableName(), Key: jobKeys.job(jobId) }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The job as the API answers it: without its cursor, attempts and parameters. */
export function jobAnswer(stored: StoredJob): Job {
  const { params: _params, cursor: _cursor, attempt: _attempt, ...job } = stored;
  return job;
}
