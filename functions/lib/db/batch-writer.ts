import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NotificationEventInput } from '@shared/notifications/events';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { mapLimit } from '../map-limit';
import { emitEvent } from '../notifications/outbox';
import { countSummaryRowWrites, isSummaryRowKey } from '../aggregates/summary-aggregates';
import type { Item } from './item';
import { tableName } from './table';

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

/** Told why the table refused an item as invalid (its message), so the caller rejects its source row. */
export type OnRejected = (reason: string) => void;

interface Entry {
  request: WriteRequest;
  onRejected?: OnRejected;
}

/** Events emitted at once after a flush (each a conditional put): few per night. */
const EMIT_CONCURRENCY = 8;

/** DynamoDB's limit of requests in one BatchWriteItem call. */
export const BATCH_SIZE = 25;

const THROTTLING_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
]);

export interface BatchWriterOptions {
  /** Batches in flight at once. */
  concurrency?: number;
  /** Attempts per batch before giving up, counting the first. */
  maxAttempts?: number;
  /** First backoff in ms; doubles per attempt, with full jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  client?: DynamoDBDocumentClient;
  table?: string;
  /** Names the key attributes, to drop an earlier put of the same key within one batch. */
  keyOf?: (item: Item) => string;
  sleep?: (ms: number) => Promise<void>;
  /** Emits an announced event once per cause (default: the outbox's `emitEvent`). */
  emit?: (event: NotificationEventInput) => Promise<unknown>;
  /**
   * Counts the daily summary rows it stored into the kept aggregates after each flush (by default
   * when it writes the product's table with its client).
   */
  countAggregates?: boolean;
}

const defaultKeyOf = (item: Item) => `${String(item.PK)}\u0000${String(item.SK)}`;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isThrottling(error: unknown): boolean {
  return error instanceof Error && THROTTLING_ERRORS.has(error.name);
}

/** The table refused the request's content (a key too long, an item too large), not its rate. */
function isInvalid(error: unknown): boolean {
  return error instanceof Error && error.name === 'ValidationException';
}

/**
 * Streams puts and deletes into 25-item BatchWriteItem calls with bounded concurrency (DESIGN §5). Items the table
 * hands back as `UnprocessedItems`, and whole batches refused by throttling, are retried with
 * exponential backoff and full jitter, so nothing is lost; memory is bounded by batch size ×
 * concurrency, not by how many items pass through.
 *
 * A batch the table refuses as invalid (`ValidationException`: one item's key past its limits, say)
 * is split in halves until the invalid items stand alone; each is handed to the `onRejected` given
 * with it, so the caller rejects the row it came from and the rest is written. An invalid item put
 * without `onRejected` fails the writer, as any other error does.
 *
 * Events announced with the items (`announce`) are emitted after the next flush succeeded, so an event
 * follows what was stored: a failed flush emits nothing, and a writer that keeps nothing (the impact
 * preview's) announces nothing.
 */
export class BatchWriter {
  private buffer = new Map<string, Entry>();
  private announced: NotificationEventInput[] = [];
  /** The daily summary rows put or deleted since the last flush, by key (the last write wins). */
  private summaryRows = new Map<string, WriteRequest>();
  private readonly inFlight = new Set<Promise<void>>();
  /** The batch in flight that holds each key, to order a later put of the same key after it. */
  private readonly keysInFlight = new Map<string, Promise<void>>();
  private failure: unknown;
  private written = 0;
  private readonly options: Required<
    Omit<BatchWriterOptions, 'client' | 'table' | 'countAggregates'>
  > & {
    countAggregates: boolean;
    client: () => DynamoDBDocumentClient;
    table: () => string;
  };

  constructor(options: BatchWriterOptions = {}) {
    this.options = {
      concurrency: options.concurrency ?? 8,
      maxAttempts: options.maxAttempts ?? 12,
      baseDelayMs: options.baseDelayMs ?? 25,
      maxDelayMs: options.maxDelayMs ?? 5_000,
      keyOf: options.keyOf ?? defaultKeyOf,
      sleep: options.sleep ?? defaultSleep,
      emit: options.emit ?? emitEvent,
      // A writer aimed at another table or client keeps that table's rows, not this one's counters.
      countAggregates:
        options.countAggregates ?? (options.client === undefined && options.table === undefined),
      client: () => options.client ?? dynamoDocumentClient(),
      table: () => options.table ?? tableName(),
    };
  }

  /** Items acknowledged by the table so far. */
  get writtenCount(): number {
    return this.written;
  }

  /**
   * Queues one put; waits when the concurrency limit is reached (backpressure for the caller).
   * `onRejected` is called, instead of failing the writer, if the table refuses the item as invalid.
   */
  put(item: Item, onRejected?: OnRejected): Promise<void> {
    return this.enqueue(this.options.keyOf(item), { PutRequest: { Item: item } }, onRejected);
  }

  /** Queues one delete by key, like `put`. */
  delete(key: Item): Promise<void> {
    return this.enqueue(this.options.keyOf(key), { DeleteRequest: { Key: key } });
  }

  private async enqueue(id: string, request: WriteRequest, onRejected?: OnRejected): Promise<void> {
    this.throwIfFailed();
    this.buffer.set(id, { request, onRejected });
    const key = 'PutRequest' in request ? request.PutRequest.Item : request.DeleteRequest.Key;
    if (this.options.countAggregates && isSummaryRowKey(key)) this.summaryRows.set(id, request);
    if (this.buffer.size >= BATCH_SIZE) await this.dispatch();
  }

  /**
   * An event caused by the items put so far: emitted (once per cause key) when the next flush has
   * stored them, dropped if it fails.
   */
  announce(event: NotificationEventInput): void {
    this.announced.push(event);
  }

  /**
   * Writes what is buffered and waits for every batch in flight; then counts the daily summary rows
   * stored into the kept aggregates (idempotently: a row written again as it was counts nothing) and
   * emits the announced events.
   */
  async flush(): Promise<void> {
    const events = this.announced;
    this.announced = [];
    const summaryRows = this.summaryRows;
    this.summaryRows = new Map();
    if (this.buffer.size > 0) await this.dispatch();
    await Promise.all(this.inFlight);
    this.throwIfFailed();
    if (summaryRows.size > 0) {
      await countSummaryRowWrites(
        [...summaryRows.values()].map((request) =>
          'PutRequest' in request
            ? { key: request.PutRequest.Item, item: request.PutRequest.Item }
            : { key: request.DeleteRequest.Key, item: undefined },
        ),
      );
    }
    const { emit } = this.options;
    if (events.length > 0) {
      await mapLimit(events, EMIT_CONCURRENCY, async (event) => {
        await emit(event);
      });
    }
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  private async dispatch(): Promise<void> {
    const entries = [...this.buffer];
    this.buffer = new Map();
    while (this.inFlight.size >= this.options.concurrency) await Promise.race(this.inFlight);
    this.throwIfFailed();
    // A key an earlier batch is still writing must land before this batch's copy of it, so the last
    // put of a key wins whatever order the batches complete in.
    const earlier = new Set<Promise<void>>();
    for (const [id] of entries) {
      const writing = this.keysInFlight.get(id);
      if (writing) earlier.add(writing);
    }
    const task = Promise.all(earlier)
      .then(() => this.writeSplitting(entries.map(([, entry]) => entry)))
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= error;
        },
      );
    const tracked: Promise<void> = task.finally(() => {
      this.inFlight.delete(tracked);
      for (const [id] of entries) {
        if (this.keysInFlight.get(id) === tracked) this.keysInFlight.delete(id);
      }
    });
    this.inFlight.add(tracked);
    for (const [id] of entries) this.keysInFlight.set(id, tracked);
  }

  private async backoff(attempt: number): Promise<void> {
    const ceiling = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** attempt);
    await this.options.sleep(Math.random() * ceiling);
  }

  /** Writes a batch; one refused as invalid is split until each invalid item is on its own. */
  private async writeSplitting(entries: Entry[]): Promise<void> {
    try {
      await this.writeBatch(entries.map((entry) => entry.request));
    } catch (error) {
      if (!isInvalid(error)) throw error;
      if (entries.length === 1) {
        const [entry] = entries as [Entry];
        if (!entry.onRejected) throw error;
        entry.onRejected(`The table refused the row: ${(error as Error).message}`);
        return;
      }
      const half = Math.ceil(entries.length / 2);
      await this.writeSplitting(entries.slice(0, half));
      await this.writeSplitting(entries.slice(half));
    }
  }

  private async writeBatch(requests: WriteRequest[]): Promise<void> {
    const table = this.options.table();
    let pending = requests;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= this.options.maxAttempts) {
        throw new Error(
          `BatchWriteItem left ${pending.length} item(s) unwritten after ${attempt} attempts`,
        );
      }
      if (attempt > 0) await this.backoff(attempt);
      try {
        const answer = await this.options
          .client()
          .send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        const unprocessed = answer.UnprocessedItems?.[table] ?? [];
        this.written += pending.length - unprocessed.length;
        pending = unprocessed as typeof pending;
      } catch (error) {
        if (!isThrottling(error)) throw error;
      }
    }
  }
}

/** Writes every item with a fresh writer; for callers that hold a finite list. */
export async function batchPutAll(
  items: Iterable<Item>,
  options?: BatchWriterOptions,
): Promise<number> {
  const writer = new BatchWriter(options);
  for (const item of items) await writer.put(item);
  await writer.flush();
  return writer.writtenCount;
}
