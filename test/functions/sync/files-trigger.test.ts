import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { SQSEvent } from 'aws-lambda';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { handleMarkerQueue, markerDate } from '../../../functions/sync/files-trigger';
import { dispatchRun, startRun } from '../../../functions/sync/runs';
import { handler, runSyncWorkflowInProcess } from '../../../functions/sync/workflow';
import { bucketSink, generateDemoData, localS3Client } from '../../../scripts/demo-data';
import { ensureBucket } from '../../../scripts/local-stack/bootstrap';
import { LocalMarkerTrigger } from '../../../scripts/local-stack/files-trigger';
import { startS3, type RunningS3 } from '../../../scripts/local-stack/servers';
import { useFreshTable } from '../../support/fresh-table';

/*
 * The start by the files: a day's completion marker `broker/<date>/_COMPLETE` starts a
 * run of that date, against s3rver as in `npm start` (its object-created event) and from the SQS
 * queue as in AWS; while another run holds the lock the marker waits and its run starts later.
 */

const BUCKET = 'files-trigger-test';
let s3: RunningS3;
let s3Dir: string;
let client: S3Client;
let dates: string[];
const messages: string[] = [];
let trigger: LocalMarkerTrigger;

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (const deadline = Date.now() + 45_000; Date.now() < deadline;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * Takes the sync lock for a stand-in run, once it is free: a run recorded as finished releases its
 * lock a moment later, so the test before may still hold it.
 */
const holdLock = (runId: string) =>
  until(
    () =>
      syncRepository.acquireLock(runId, Date.now(), Date.now() + 60_000).then(
        () => true,
        () => undefined,
      ),
    'the sync lock to be free',
  );

/** The finished run of a files trigger over `date`, once there is one. */
const finishedFilesRun = (date: string) =>
  until(async () => {
    const { items } = await syncRepository.listRuns();
    return items.find(
      (run) => run.trigger === 'files' && run.dates.join() === date && run.status !== 'running',
    );
  }, `the files run of ${date}`);

const putMarker = (date: string) =>
  client.send(
    new PutObjectCommand({
      Bucket: BUCKET,
      Key: `broker/${date}/_COMPLETE`,
      Body: new Uint8Array(0),
    }),
  );

describe('the completion marker', () => {
  useFreshTable();

  beforeAll(async () => {
    // No workflow here: a marker's run runs in this process, as in the local stack.
    runSyncWorkflowInProcess();
    s3Dir = mkdtempSync(join(tmpdir(), 'deskline-marker-'));
    s3 = await startS3(s3Dir);
    process.env.AWS_ENDPOINT_URL_S3 = s3.endpoint;
    process.env.FILES_BUCKET = BUCKET;
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    client = await localS3Client(s3.endpoint);
    await ensureBucket(client, BUCKET);
    ({ dates } = await generateDemoData(
      { traders: 2, days: 3, seed: 'marker-test' },
      bucketSink({ bucket: BUCKET, client }),
    ));
    trigger = new LocalMarkerTrigger((message) => messages.push(message), undefined, 50);
    s3.onObjectCreated((bucket, key) => {
      if (bucket === BUCKET) trigger.objectCreated(key);
    });
  });

  afterAll(async () => {
    trigger.stop();
    client.destroy();
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('is broker/<YYYYMMDD>/_COMPLETE with a calendar date, nothing else', () => {
    expect(markerDate('broker/20261125/_COMPLETE')).toBe('20261125');
    for (const key of [
      'broker/20261125/daily-fills.csv',
      'broker/20261131/_COMPLETE',
      'broker/2026112/_COMPLETE',
      'other/20261125/_COMPLETE',
      'broker/20261125/_COMPLETE.txt',
    ]) {
      expect(markerDate(key)).toBeUndefined();
    }
  });

  it('written to s3rver, starts a run of its date at once, which ingests and judges that date only', async () => {
    const date = dates[1]!;
    await putMarker(date);

    const run = await finishedFilesRun(date);
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'files', count: 1, dates: [date] });
    expect(run.summary!.dailyPerformanceRecords).toBeGreaterThan(0);
    expect(messages.some((message) => message.includes(`Files of ${date} complete`))).toBe(true);
  });

  it('while another run holds the lock, waits and starts its run once the lock is free', async () => {
    const date = dates[2]!;
    await holdLock('busy');
    try {
      await putMarker(date);
      await until(
        async () => (trigger.pending().includes(date) ? true : undefined),
        'the marker to wait',
      );
      expect((await syncRepository.listRuns()).items.some((run) => run.dates.includes(date))).toBe(
        false,
      );
    } finally {
      await syncRepository.releaseLock('busy');
    }

    await expect(finishedFilesRun(date)).resolves.toMatchObject({
      status: 'succeeded',
      dates: [date],
    });
    expect(trigger.pending()).toEqual([]);
  });

  it('from the queue in AWS: starts the run, hands a marker back while a run holds the lock, drops what is no marker', async () => {
    const date = dates[0]!;
    const queued = (messageId: string, key: string) => ({
      messageId,
      eventSource: 'aws:sqs',
      body: JSON.stringify({
        source: 'aws.s3',
        'detail-type': 'Object Created',
        detail: { bucket: { name: BUCKET }, object: { key } },
      }),
    });
    const event = {
      Records: [queued('m1', `broker/${date}/_COMPLETE`), queued('m2', 'broker/x/_COMPLETE')],
    } as unknown as SQSEvent;

    await holdLock('busy');
    try {
      await expect(handleMarkerQueue(event, { startRun, dispatchRun })).resolves.toEqual({
        batchItemFailures: [{ itemIdentifier: 'm1' }],
      });
    } finally {
      await syncRepository.releaseLock('busy');
    }

    // The sync workflow function's own handler takes the queue's events.
    await expect(handler(event)).resolves.toEqual({ batchItemFailures: [] });
    await expect(finishedFilesRun(date)).resolves.toMatchObject({
      status: 'succeeded',
      dates: [date],
    });
  });
});
