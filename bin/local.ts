import '../scripts/local-stack/quiet-logs';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '../scripts/local-stack/bootstrap';
import { defaultDemoPassword, startLocalStack } from '../scripts/local-stack/stack';

/**
 * `npm start`: the whole product locally in one process (DESIGN §8). `npm run reset` wipes its data.
 * Options: --port (default $PORT or 3000), --data-dir (default .data), --web dev|dist|none, --reset.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '3000' },
      'data-dir': { type: 'string', default: '.data' },
      web: { type: 'string', default: 'dev' },
      reset: { type: 'boolean', default: false },
    },
  });
  const dataDir = resolve(values['data-dir']);
  if (values.reset) {
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`Removed local data in ${dataDir}`);
    return;
  }
  const web = values.web;
  if (web !== 'dev' && web !== 'dist' && web !== 'none')
    throw new Error('--web must be dev, dist or none');

  const log = (message: string) => console.log(`[deskline] ${message}`);
  const stack = await startLocalStack({
    port: Number(values.port),
    dataDir,
    web,
    demoPassword: defaultDemoPassword(),
    log,
  });

  log(`Ready in ${process.uptime().toFixed(1)} s`);
  console.log(`\n  Deskline is running at ${stack.url}\n`);
  console.log('  Demo sign-in (password from DEMO_PASSWORD, else the README default):');
  for (const user of DEMO_USERS)
    console.log(`    ${user.group.padEnd(6)}  ${user.email} / ${stack.demoPassword}`);
  const { s3 } = stack;
  console.log('\n  Broker files bucket (local S3, README "Broker files locally"):');
  console.log(`    endpoint     ${s3.endpoint}  (path-style)`);
  console.log(`    bucket       ${s3.bucket}  (files under broker/<YYYYMMDD>/)`);
  console.log(`    credentials  ${s3.accessKeyId} / ${s3.secretAccessKey}  region ${s3.region}`);
  console.log(
    `    e.g. AWS_ACCESS_KEY_ID=${s3.accessKeyId} AWS_SECRET_ACCESS_KEY=${s3.secretAccessKey} \\`,
  );
  console.log(`         AWS_REQUEST_CHECKSUM_CALCULATION=when_required \\`);
  console.log(
    `         aws --endpoint-url ${s3.endpoint} --region ${s3.region} s3 cp ./20261125/ s3://${s3.bucket}/broker/20261125/ --recursive`,
  );
  console.log(
    `    then write broker/<YYYYMMDD>/_COMPLETE (empty) to start that date's sync run at once.`,
  );
  console.log('\n  E-mails the product sends (local SMTP, README "E-mail and webhooks locally"):');
  console.log(`    E-mail inbox at ${stack.inbox.url}  (REST: ${stack.inbox.url}/api/email)`);
  console.log(`    SMTP         ${stack.inbox.smtpHost}:${stack.inbox.smtpPort}`);
  console.log('\n  Press Ctrl-C to stop.\n');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping...`);
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[deskline] failed to start:', error);
  process.exit(1);
});
