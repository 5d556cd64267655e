import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { gzipSync } from 'node:zlib';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { lambdaClient } from '../../../functions/lib/aws/lambda';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { handler } from '../../../functions/sync/handler';
import { s3Source } from '../../../functions/sync/s3-source';
import { startS3, type RunningServer } from '../../../scripts/local-stack/servers';
import { claimsFor, httpEvent, invoke, testContext } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';

const BUCKET = 'sync-runs-test';
const start = { method: 'POST', path: '/api/sync/daily-update' } as const;
const admin = claimsFor('admin');

let s3: RunningServer;
let s3Dir: string;

/** Waits for a run to end: up to 45 s, a hang guard for a loaded machine, not a speed check. */
async function finished(runId: string) {
  for (const deadline = Date.now() + 45_000; Date.now() < deadline;) {
    const answer = await invoke(
      handler as never,
      httpEvent(
        { method: 'GET', path: '/api/sync/runs/{runId}' },
        { pathParameters: { runId }, claims: admin },
      ),
    );
    if (answer.body.status !== 'running') return answer;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Run ${runId} did not finish`);
}

const revenueCsv = 'date,provider,grossIncome\n20260302,stripe,150000\n20260302,paypal,2500\n';

describe('sync runs', () => {
  useFreshTable();

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'deskline-s3-'));
    s3 = await startS3(s3Dir);
    process.env.AWS_ENDPOINT_URL_S3 = s3.endpoint;
    process.env.FILES_BUCKET = BUCKET;
    const client = new S3Client({
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'broker/20260302/daily-revenue.csv',
        Body: revenueCsv,
      }),
    );
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'broker/20260303/daily-revenue.csv.gz',
        Body: gzipSync(revenueCsv.replaceAll('20260302', '20260303')),
      }),
    );
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'broker/notes.txt', Body: 'ignored' }),
    );
    // s3rver accepts only its own key pair.
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  });

  afterAll(async () => {
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it.each([0, 31, 2.5, 'x'])(
    'refuses count %p with 400 naming count, starting nothing',
    async (count) => {
      const answer = await invoke(
        handler as never,
        httpEvent(start, { body: { count }, claims: admin }),
      );

      expect(answer.status).toBe(400);
      expect(answer.body.error.details[0]).toEqual({
        field: 'count',
        message: 'count must be a whole number from 1 to 30',
      });
      expect((await syncRepository.listRuns()).items).toHaveLength(0);
    },
  );

  it('starts a run at once (202), refuses a second while it runs (409), then reports the result', async () => {
    const first = await invoke(
      handler as never,
      httpEvent(start, { body: { count: 2 }, claims: admin }),
    );
    const second = await invoke(
      handler as never,
      httpEvent(start, { body: { count: 1 }, claims: admin }),
    );

    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: 'running', count: 2, trigger: 'api' });
    expect(second).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'A sync is already running' } },
    });
    const done = await finished(first.body.runId);
    expect(done.body).toMatchObject({
      status: 'succeeded',
      dates: ['20260302', '20260303'],
      result: {
        success: true,
        summary: { dailyRevenueRecords: 4, totalFiles: 2, processedFiles: 2 },
      },
    });
  });

  it('lists runs newest first', async () => {
    const answer = await invoke(
      handler as never,
      httpEvent({ method: 'GET', path: '/api/sync/runs' }, { claims: admin }),
    );

    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ status: 'succeeded', count: 2 });
  });

  it('takes over the lock of a run that crashed once it has expired', async () => {
    await syncRepository.acquireLock('crashed', Date.now() - 60 * 60_000, Date.now() - 1);

    const answer = await invoke(handler as never, httpEvent(start, { body: {}, claims: admin }));

    expect(answer.status).toBe(202);
    expect(answer.body.count).toBe(1);
    await expect(finished(answer.body.runId)).resolves.toMatchObject({
      body: { status: 'succeeded', dates: ['20260303'] },
    });
  });

  it('records a failed run with its error and frees the lock', async () => {
    process.env.FILES_BUCKET = 'no-such-bucket';
    try {
      const answer = await invoke(
        handler as never,
        httpEvent(start, { body: { count: 1 }, claims: admin }),
      );
      const done = await finished(answer.body.runId);

      expect(done.body).toMatchObject({
        status: 'failed',
        result: { success: false, error: expect.any(String) },
      });
      const next = await invoke(
        handler as never,
        httpEvent(start, { body: { count: 1 }, claims: admin }),
      );
      expect(next.status).toBe(202);
      await finished(next.body.runId);
    } finally {
      process.env.FILES_BUCKET = BUCKET;
    }
  });

  it('answers 404 for an unknown run', async () => {
    const answer = await invoke(
      handler as never,
      httpEvent(
        { method: 'GET', path: '/api/sync/runs/{runId}' },
        { pathParameters: { runId: 'nope' }, claims: admin },
      ),
    );

    expect(answer.status).toBe(404);
  });

  it('executes a run handed over by the asynchronous self-invocation', async () => {
    const { startRun } = await import('../../../functions/sync/runs');
    const run = await startRun({ count: 1, trigger: 'api' });

    await handler({ kind: 'sync-run', runId: run.runId }, testContext);

    await expect(syncRepository.getRun(run.runId)).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('runs one date on the schedule, and skips quietly while another run holds the lock', async () => {
    await handler({ source: 'aws.events', 'detail-type': 'Scheduled Event' }, testContext);
    await syncRepository.acquireLock('busy', Date.now(), Date.now() + 60_000);
    await handler({ kind: 'sync-schedule' }, testContext);
    await syncRepository.releaseLock('busy');

    const runs = (await syncRepository.listRuns()).items.filter(
      (run) => run.trigger === 'schedule',
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'succeeded', count: 1 });
  });

  it('lists date folders and reads plain and gzip files from S3', async () => {
    const source = s3Source(BUCKET);

    const dates = await source.listDates();
    const files = await source.listFiles('20260303');

    expect(dates).toEqual(['20260302', '20260303']);
    expect(files).toEqual([expect.objectContaining({ kind: 'daily-revenue', gzip: true })]);
    const chunks: Buffer[] = [];
    for await (const chunk of await source.open(files[0]!)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toContain('20260303,paypal,2500');
  });
});

describe('dispatching a run in AWS', () => {
  useFreshTable();
  const lambdaMock = mockClient(lambdaClient());

  beforeEach(() => lambdaMock.reset());
  beforeAll(() => {
    process.env.SYNC_FUNCTION_NAME = 'deskline-sync';
  });
  afterAll(() => {
    delete process.env.SYNC_FUNCTION_NAME;
  });

  it('invokes this same function asynchronously with the run id', async () => {
    lambdaMock.on(InvokeCommand).resolves({ StatusCode: 202 });

    const answer = await invoke(
      handler as never,
      httpEvent(start, { body: { count: 3 }, claims: admin }),
    );

    expect(answer.status).toBe(202);
    const call = lambdaMock.commandCalls(InvokeCommand)[0]?.args[0].input;
    expect(call).toMatchObject({ FunctionName: 'deskline-sync', InvocationType: 'Event' });
    expect(JSON.parse(Buffer.from(call!.Payload as Uint8Array).toString())).toEqual({
      kind: 'sync-run',
      runId: answer.body.runId,
    });
    await syncRepository.releaseLock(answer.body.runId);
  });

  it('marks the run failed and frees the lock when the invocation is refused', async () => {
    lambdaMock.on(InvokeCommand).rejects(new Error('AccessDenied'));

    const answer = await invoke(
      handler as never,
      httpEvent(start, { body: { count: 1 }, claims: admin }),
    );

    expect(answer.status).toBe(500);
    const [run] = (await syncRepository.listRuns()).items;
    expect(run).toMatchObject({ status: 'failed', error: 'The sync could not be started' });
    await expect(
      syncRepository.acquireLock('next', Date.now(), Date.now() + 1000),
    ).resolves.toBeUndefined();
  });
});

describe('a failed asynchronous run', () => {
  useFreshTable();

  it('is recorded and thrown, so Lambda retries it and finally dead-letters it; a retry runs nothing twice', async () => {
    const { startRun } = await import('../../../functions/sync/runs');
    process.env.FILES_BUCKET = 'no-such-bucket';
    try {
      const run = await startRun({ count: 1, trigger: 'api' });

      await expect(handler({ kind: 'sync-run', runId: run.runId }, testContext)).rejects.toThrow(
        `Sync run ${run.runId} failed`,
      );
      await expect(handler({ kind: 'sync-run', runId: run.runId }, testContext)).rejects.toThrow(
        'failed',
      );
      await expect(syncRepository.getRun(run.runId)).resolves.toMatchObject({ status: 'failed' });
    } finally {
      process.env.FILES_BUCKET = BUCKET;
    }
  });
});
