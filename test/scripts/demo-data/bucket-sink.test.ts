import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ensureBucket } from '../../../scripts/local-stack/bootstrap';
import { startS3, type RunningServer } from '../../../scripts/local-stack/servers';
import { generateDemoData } from '../../../scripts/demo-data/generate';
import { bucketSink } from '../../../scripts/demo-data/sinks';
import { generateToTemp, type Generated } from './support';

const OPTIONS = { traders: 3, days: 3, seed: 'bucket', gzip: true };
const BUCKET = 'deskline-files';

let s3: RunningServer;
let folder: string;
let client: S3Client;
let local: Generated;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'demo-data-s3-'));
  s3 = await startS3(folder);
  client = new S3Client({
    endpoint: s3.endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  await ensureBucket(client, BUCKET);
  local = await generateToTemp(OPTIONS);
});

afterAll(async () => {
  client.destroy();
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
  local.remove();
});

describe('demo data in the files bucket', () => {
  it('uploads the same keys and bytes as it writes to a directory', async () => {
    const result = await generateDemoData(OPTIONS, bucketSink({ bucket: BUCKET, client }));

    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    const keys = (listed.Contents ?? []).map((object) => object.Key!).sort();
    expect(keys).toEqual([...result.files].sort());
    expect(keys).toContain(`broker/${result.dates[0]}/audit-trail.csv.gz`);
    for (const key of keys) {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      expect(bytes.equals(readFileSync(join(local.dir, key)))).toBe(true);
    }
  });

  it('fails instead of hanging when the bucket does not exist', async () => {
    // The SDK warns about each failed streaming upload; the rejection is what matters here.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      generateDemoData(OPTIONS, bucketSink({ bucket: 'no-such-bucket', client })),
    ).rejects.toThrow();
  });
});
