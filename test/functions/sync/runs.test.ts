import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { gzipSync } from 'node:zlib';
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { sfnClient } from '../../../functions/lib/aws/sfn';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { handler } from '../../../functions/sync/handler';
import { s3Source } from '../../../functions/sync/s3-source';
import {
  runSyncWorkflowInProcess,
  handler as workflowHandler,
} from '../../../functions/sync/workflow';
import { startS3, type RunningServer } from '../../../scripts/local-stack/servers';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
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
  useFreshTable({ perTest: true });

  beforeAll(async () => {
    // No workflow here: a POST's run runs in this process, as in the local stack.
    runSyncWorkflowInProcess();
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
    for (const count of [1, 2]) {
      const run = await invoke(
        handler as never,
        httpEvent(start, { body: { count }, claims: admin }),
      );
      await finished(run.body.runId);
    }

    const answer = await invoke(
      handler as never,
      httpEvent({ method: 'GET', path: '/api/sync/runs' }, { claims: admin }),
    );

    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(2);
    expect(answer.body.data[0]).toMatchObject({ status: 'succeeded', count: 2 });
    expect(answer.body.data[1]).toMatchObject({ status: 'succeeded', count: 1 });
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

  it('plans a scheduled run of one date in the workflow, and skips it while another run holds the lock', async () => {
    const schedule = { kind: 'sync-plan', input: { kind: 'sync-schedule', count: 1 } };

    const plan = (await workflowHandler(schedule)) as { runId: string; dates: string[] };
    expect(plan).toMatchObject({ skipped: false, dates: ['20260303'] });
    await expect(syncRepository.getRun(plan.runId)).resolves.toMatchObject({
      trigger: 'schedule',
      status: 'running',
      count: 1,
    });
    await syncRepository.releaseLock(plan.runId);

    await syncRepository.acquireLock('busy', Date.now(), Date.now() + 60_000);
    await expect(workflowHandler(schedule)).resolves.toMatchObject({
      runId: null,
      skipped: true,
    });
    await syncRepository.releaseLock('busy');
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
  useFreshTable({ perTest: true });
  const sfnMock = mockClient(sfnClient());
  const stateMachineArn =
    'arn:aws:states:eu-west-1:123456789012:stateMachine:Deskline-NightlyDataSync';

  beforeEach(() => sfnMock.reset());
  beforeAll(() => {
    process.env.SYNC_STATE_MACHINE_ARN = stateMachineArn;
  });
  afterAll(() => {
    delete process.env.SYNC_STATE_MACHINE_ARN;
  });

  it('starts an execution of the sync workflow named after the run', async () => {
    sfnMock.on(StartExecutionCommand).resolves({ executionArn: 'arn:execution' });

    const answer = await invoke(
      handler as never,
      httpEvent(start, { body: { count: 3 }, claims: admin }),
    );

    expect(answer.status).toBe(202);
    const calls = sfnMock.commandCalls(StartExecutionCommand);
    expect(calls).toHaveLength(1);
    const call = calls[0]!.args[0].input;
    expect(call).toMatchObject({ stateMachineArn, name: answer.body.runId });
    expect(JSON.parse(call.input!)).toEqual({ runId: answer.body.runId });
    // The workflow runs it: nothing runs in this process.
    await expect(syncRepository.getRun(answer.body.runId)).resolves.toMatchObject({
      status: 'running',
      count: 3,
    });
    await syncRepository.releaseLock(answer.body.runId);
  });

  it('marks the run failed and frees the lock when the execution is refused', async () => {
    sfnMock.on(StartExecutionCommand).rejects(new Error('AccessDenied'));

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
