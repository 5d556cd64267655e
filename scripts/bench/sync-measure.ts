import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { Judge } from '../../functions/lib/judging/judge';
import { runSync } from '../../test/support/run-sync';
import { s3Source } from '../../functions/sync/s3-source';
import { demoPrograms, demoRules } from '../demo-data';
import { ensureTable } from '../local-stack/bootstrap';
import { seedPrograms, seedRules } from '../local-stack/seed';
import { startDynaliteProcess, startS3rverProcess } from './server-process';
import type { Figures } from './types';

/*
 * The sync benchmark's measurements, each run in a child process of `npm run bench` so its
 * memory figures are its own. Prints one JSON line of figures at the end.
 */

const BUCKET = 'bench-files';
const CONCURRENCY = 8;
const DATASET = { traders: 500, days: 20, seed: 'bench' } as const;
const AUDIT_ROWS = 1_000_000;

type Item = Record<string, unknown>;

/** The largest RSS seen while `work` runs, sampled every 20 ms. */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

async function useTable(endpoint: string, table: string): Promise<DynamoDBDocumentClient> {
  process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoint;
  process.env.TABLE_NAME = table;
  await ensureTable(new DynamoDBClient({ endpoint }), table);
  return DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint }));
}

async function scanAll(client: DynamoDBDocumentClient, table: string): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/**
 * Times every call of the judge (the rules engine over an account-day, and the summary it leaves)
 * from call to answer. Once an account's engine is built these calls await only settled promises, so
 * no I/O callback runs inside them: the time measured is the judging's own.
 */
function timeJudging(): { seconds(): number; restore(): void } {
  let elapsed = 0n;
  const methods = ['judgeDay', 'summaryRecord'] as const;
  const originals = methods.map((name) => Judge.prototype[name]);
  methods.forEach((name, index) => {
    const original = originals[index] as (...args: unknown[]) => Promise<unknown>;
    (Judge.prototype as unknown as Record<string, unknown>)[name] = async function timed(
      this: Judge,
      ...args: unknown[]
    ) {
      const started = process.hrtime.bigint();
      try {
        return await original.apply(this, args);
      } finally {
        elapsed += process.hrtime.bigint() - started;
      }
    };
  });
  return {
    seconds: () => Number(elapsed) / 1e9,
    restore: () =>
      methods.forEach((name, index) => {
        (Judge.prototype as unknown as Record<string, unknown>)[name] = originals[index];
      }),
  };
}

/** The storage floor: the same items, plain 25-item BatchWriteItem calls, the same concurrency. */
async function floorWrite(
  client: DynamoDBDocumentClient,
  table: string,
  items: Item[],
): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      let pending = items.slice(next, next + 25).map((Item) => ({ PutRequest: { Item } }));
      next += 25;
      while (pending.length) {
        const answer = await client.send(
          new BatchWriteCommand({ RequestItems: { [table]: pending } }),
        );
        pending = (answer.UnprocessedItems?.[table] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return (performance.now() - started) / 1000;
}

/** One date folder holding only an audit-trail file of `rows` rows, written to disk, then uploaded. */
async function uploadAuditFile(
  s3: S3Client,
  dir: string,
  date: string,
  rows: number,
): Promise<void> {
  const path = join(dir, 'audit-trail.csv');
  const out = createWriteStream(path);
  const write = (text: string) =>
    out.write(text)
      ? Promise.resolve()
      : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write(
    'serverProcessDate,serverTimestamp,accountNumber,instrument,action,status,quantity,' +
      'buySellIndicator,fillPrice,orderNumber,serverTransactionNumber,exchange\n',
  );
  for (let index = 0; index < rows; index += 1) {
    const seconds = index % 86_400;
    const clock = [seconds / 3600, (seconds / 60) % 60, seconds % 60]
      .map((part) => String(Math.floor(part)).padStart(2, '0'))
      .join(':');
    await write(
      `${date},2030-01-02T${clock}.000-06:00,ACC-${index % 5000},ESH0,FILL,FILLED,1,B,5000.25,` +
        `O${index},T${String(index).padStart(8, '0')},CME\n`,
    );
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  await s3.send(
    new PutObjectCommand({
      Bucket: BUCKET,
      Key: `broker/${date}/audit-trail.csv`,
      Body: createReadStream(path),
      ContentLength: statSync(path).size,
    }),
  );
}

/**
 * The demo generator's CLI writes the dataset to the bucket in a process of its own (its own memory
 * peak stays out of the sync's figures); answers the rows written.
 */
function generateDataset(endpoint: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/demo-data/cli.ts',
        ...['--traders', String(DATASET.traders), '--days', String(DATASET.days)],
        ...['--seed', DATASET.seed, '--bucket', BUCKET, '--endpoint', endpoint],
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      const total = /total\s+(\d+) rows/.exec(output.replaceAll(',', ''));
      if (code === 0 && total) resolve(Number(total[1]));
      else reject(new Error(`The generator exited with ${code}:\n${output}`));
    });
  });
}

interface BenchEnvironment {
  work: string;
  s3: S3Client;
  s3Server: { endpoint: string; stop(): Promise<void> };
  db: { endpoint: string; stop(): Promise<void> };
}

async function setUp(): Promise<BenchEnvironment> {
  const work = mkdtempSync(join(tmpdir(), 'deskline-bench-'));
  const s3Server = await startS3rverProcess(join(work, 's3'));
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_S3: s3Server.endpoint,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  const s3 = new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  return { work, s3, s3Server, db: await startDynaliteProcess() };
}

async function tearDown(environment: BenchEnvironment): Promise<void> {
  await environment.db.stop();
  await environment.s3Server.stop();
  rmSync(environment.work, { recursive: true, force: true });
}

/** The full sync of a ≥200,000-row dataset against the floor of plain batch writes. */
async function measureThroughput(environment: BenchEnvironment): Promise<Figures> {
  const rows = await generateDataset(environment.s3Server.endpoint);
  console.error(`dataset: ${rows} rows over ${DATASET.days} dates`);
  const syncClient = await useTable(environment.db.endpoint, 'bench');
  const createdAt = '2026-01-01T00:00:00.000Z';
  await seedRules(demoRules(createdAt));
  await seedPrograms(demoPrograms(createdAt));
  const seeded = (await scanAll(syncClient, 'bench')).length;

  const judging = timeJudging();
  const started = performance.now();
  const { result: outcome, peakMb } = await peakRssDuring(() =>
    runSync({ count: DATASET.days, source: s3Source(BUCKET), concurrency: CONCURRENCY }),
  );
  const syncSeconds = (performance.now() - started) / 1000;
  const judgeSeconds = judging.seconds();
  judging.restore();
  const stored = (await scanAll(syncClient, 'bench')).filter(
    (item) => !/^(RULE|PROGRAM|META)#?/.test(String(item.PK)),
  );
  const rejected = Object.values(outcome.summary.rejectedRecords).reduce((a, b) => a + b, 0);
  console.error(
    `sync: ${rows} rows, ${outcome.itemsWritten} item writes, ${stored.length} items stored ` +
      `(+${seeded} seeded) in ${syncSeconds.toFixed(1)} s, peak RSS ${peakMb} MB, ${rejected} rejected`,
  );

  const floorDb = await startDynaliteProcess();
  const floorClient = await useTable(floorDb.endpoint, 'floor');
  const floorSeconds = await floorWrite(floorClient, 'floor', stored);
  console.error(`floor: ${stored.length} items in ${floorSeconds.toFixed(1)} s`);
  console.error(
    `judging: ${judgeSeconds.toFixed(1)} s of the sync's ${syncSeconds.toFixed(1)} s ` +
      `(${((100 * judgeSeconds) / syncSeconds).toFixed(1)}%)`,
  );
  await floorDb.stop();
  return {
    'sync.rowsPerSecond': { value: Math.round(rows / syncSeconds), unit: 'rows/s' },
    'sync.floorItemsPerSecond': {
      value: Math.round(stored.length / floorSeconds),
      unit: 'items/s',
    },
    'sync.ratio': { value: Number((syncSeconds / floorSeconds).toFixed(2)), unit: 'x' },
    'sync.peakRssMb': { value: peakMb, unit: 'MB' },
    // The share of the sync's wall time spent judging (goal ≤ 10%).
    'sync.judgeShare': {
      value: Number(((100 * judgeSeconds) / syncSeconds).toFixed(1)),
      unit: '% of sync wall time',
    },
  };
}

/** Memory bound: one date whose audit file alone has a million rows. */
async function measureAuditFile(environment: BenchEnvironment): Promise<Figures> {
  await useTable(environment.db.endpoint, 'audit');
  await uploadAuditFile(environment.s3, environment.work, '20991231', AUDIT_ROWS);
  const started = performance.now();
  const { result, peakMb } = await peakRssDuring(() =>
    runSync({ count: 1, source: s3Source(BUCKET), concurrency: CONCURRENCY }),
  );
  console.error(
    `audit: ${result.summary.auditTrailRecords} rows of one file in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${peakMb} MB`,
  );
  return { 'sync.audit1mPeakRssMb': { value: peakMb, unit: 'MB' } };
}

/** `sync-measure.ts throughput|audit`: one measurement per process, so each peak RSS is its own. */
async function main(): Promise<void> {
  const phase = process.argv[2];
  if (phase !== 'throughput' && phase !== 'audit')
    throw new Error('Usage: sync-measure.ts throughput|audit');
  const environment = await setUp();
  try {
    const figures =
      phase === 'throughput'
        ? await measureThroughput(environment)
        : await measureAuditFile(environment);
    console.log(JSON.stringify(figures));
  } finally {
    await tearDown(environment);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
