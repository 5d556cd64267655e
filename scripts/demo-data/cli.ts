import { resolve } from 'node:path';
import * as z from 'zod';
import type { ZodError } from 'zod';
import {
  DEFAULT_END_DATE,
  demoDataOptionsSchema,
  generateDemoData,
  type DemoDataOptions,
} from './generate';
import { FILE_KINDS } from './rows';
import { bucketSink, directorySink, localS3Client, type DemoDataSink } from './sinks';

const USAGE = `Usage: npm run demo-data -- --traders N --days D --seed S (--out DIR | --bucket [NAME])
         [--accounts-per-trader K] [--end-date YYYYMMDD] [--gzip] [--endpoint URL]

  --out DIR        write DIR/broker/<date>/<kind>.csv and DIR/seed/*.json
  --bucket [NAME]  upload the same keys to the files bucket (default $FILES_BUCKET or deskline-files)
                   of the S3 API at --endpoint or $AWS_ENDPOINT_URL_S3 (the local stack's s3rver)
  --end-date       last trading date (default ${DEFAULT_END_DATE}; a weekend means the Friday before)
  --gzip           write <kind>.csv.gz instead of <kind>.csv`;

const cliSchema = z
  .object({
    traders: z.coerce.number(),
    days: z.coerce.number(),
    seed: z.string(),
    'accounts-per-trader': z.coerce.number().optional(),
    'end-date': z.string().optional(),
    gzip: z.literal(true).optional(),
    out: z.string().optional(),
    bucket: z.union([z.string(), z.literal(true)]).optional(),
    endpoint: z.string().optional(),
  })
  .strict()
  .refine((args) => (args.out === undefined) !== (args.bucket === undefined), {
    message: 'Give exactly one of --out DIR and --bucket',
  });

/** `--name value` pairs; a flag followed by another flag (or nothing) is `true`. */
function parseArguments(argv: readonly string[]): Record<string, string | true> {
  const parsed: Record<string, string | true> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index]!;
    if (!flag.startsWith('--')) throw new Error(`Unexpected argument ${flag}`);
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) {
      parsed[flag.slice(2)] = true;
    } else {
      parsed[flag.slice(2)] = value;
      index += 1;
    }
  }
  return parsed;
}

function explain(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const flag = issue.path.join('.').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      return (flag ? `--${flag}: ` : '') + issue.message;
    })
    .join('\n');
}

async function openBucket(name: string, endpoint: string | undefined): Promise<DemoDataSink> {
  // The SDK's notice about this machine's Node 20 (Lambda runs 22) is noise here, as in npm start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // s3rver accepts only its own key pair; real credentials in the environment win.
  process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
  const client = await localS3Client(endpoint);
  const { HeadBucketCommand } = await import('@aws-sdk/client-s3');
  try {
    await client.send(new HeadBucketCommand({ Bucket: name }));
  } catch (error) {
    const where = endpoint ?? process.env.AWS_ENDPOINT_URL_S3 ?? 'the default S3 endpoint';
    throw new Error(`Bucket ${name} is not reachable at ${where}: ${(error as Error).name}`);
  }
  return bucketSink({ bucket: name, client });
}

/** The most memory the process has held: the OS's high-water mark, and the largest sample. */
function watchMemory(): () => { maxRssMb: number; sampledRssMb: number } {
  let sampled = process.memoryUsage.rss();
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage.rss());
  }, 50);
  timer.unref();
  return () => {
    clearInterval(timer);
    sampled = Math.max(sampled, process.memoryUsage.rss());
    return {
      // resourceUsage reports kilobytes.
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      sampledRssMb: Math.round(sampled / 1024 / 1024),
    };
  };
}

function usageError(message: string): void {
  console.error(`${message}\n\n${USAGE}`);
  process.exitCode = 2;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.length === 0) {
    console.log(USAGE);
    return;
  }
  let flags: Record<string, string | true>;
  try {
    flags = parseArguments(argv);
  } catch (error) {
    return usageError((error as Error).message);
  }
  const parsed = cliSchema.safeParse(flags);
  if (!parsed.success) return usageError(explain(parsed.error));
  const args = parsed.data;
  const options = demoDataOptionsSchema.safeParse({
    traders: args.traders,
    days: args.days,
    seed: args.seed,
    accountsPerTrader: args['accounts-per-trader'],
    endDate: args['end-date'],
    gzip: args.gzip ?? false,
  } satisfies DemoDataOptions);
  if (!options.success) return usageError(explain(options.error));
  let sink: DemoDataSink;
  let target: string;
  if (args.out !== undefined) {
    target = resolve(args.out);
    sink = directorySink(target);
  } else {
    const name =
      args.bucket === true ? (process.env.FILES_BUCKET ?? 'deskline-files') : args.bucket!;
    target = `s3://${name}`;
    sink = await openBucket(name, args.endpoint);
  }

  const memory = watchMemory();
  const started = performance.now();
  const result = await generateDemoData(options.data, sink, (progress) => {
    const audit = progress.rows['audit-trail'].toLocaleString('en-US');
    process.stderr.write(
      `${progress.date} (${progress.index}/${progress.total}) ${audit} audit rows\n`,
    );
  });
  const seconds = (performance.now() - started) / 1000;
  const { maxRssMb, sampledRssMb } = memory();

  const total = FILE_KINDS.reduce((sum, kind) => sum + result.rows[kind], 0);
  console.log(`Wrote ${result.files.length} files for ${result.dates.length} dates to ${target}`);
  for (const kind of FILE_KINDS) {
    console.log(
      `  ${kind.padEnd(18)} ${result.rows[kind].toLocaleString('en-US').padStart(12)} rows`,
    );
  }
  console.log(`  ${'total'.padEnd(18)} ${total.toLocaleString('en-US').padStart(12)} rows`);
  console.log(
    `Accounts: ${result.manifest.accounts}; scenarios: ${result.manifest.scenarios.length}`,
  );
  console.log(
    `Wall time: ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en-US')} rows/s)`,
  );
  console.log(`Peak RSS: ${maxRssMb} MB (sampled every 50 ms: ${sampledRssMb} MB)`);
  for (const warning of result.warnings) console.warn(`warning: ${warning}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
