import { dynamoDocumentClient } from '../../../../functions/lib/aws/dynamodb';
import { startRun } from '../../../../functions/sync/runs';
import { executeRun } from '../../../../functions/sync/workflow';
import { directorySource } from '../../../../scripts/demo-data';

/*
 * A sync run that dies mid-way (crash-recovery.test.ts). Started as a process of its own, it takes the
 * lock, records the run as running and syncs the broker files of BROKER_DIR into TABLE_NAME. Once
 * CRASH_AFTER_BATCHES BatchWriteItem calls have landed it prints `crash-point <runId>` and stops
 * answering: every later table call waits forever, so nothing more is written, the lock is not
 * released and the run is not recorded as finished. The test then kills the process (SIGKILL), as a
 * Lambda timeout or an out-of-memory kill would.
 */

const crashAfter = Number(process.env.CRASH_AFTER_BATCHES);
const brokerDir = process.env.BROKER_DIR;
if (!crashAfter || !brokerDir) throw new Error('CRASH_AFTER_BATCHES and BROKER_DIR are required');

let landed = 0;
let crashed = false;
let runId = '';

dynamoDocumentClient().middlewareStack.add(
  (next) => async (args) => {
    if (crashed) return new Promise<never>(() => undefined);
    const output = await next(args);
    const requests = Object.values((args.input as { RequestItems?: object }).RequestItems ?? {});
    if (requests.some((entry) => Array.isArray(entry))) landed += 1; // BatchWriteItem, not BatchGet
    if (landed >= crashAfter && !crashed) {
      crashed = true;
      process.stdout.write(`crash-point ${runId} after ${landed} batches\n`);
      return new Promise<never>(() => undefined);
    }
    return output;
  },
  { step: 'initialize', name: 'crashAfterBatches' },
);

async function main(): Promise<void> {
  const run = await startRun({ count: Number(process.env.SYNC_COUNT ?? 30), trigger: 'api' });
  runId = run.runId;
  process.stdout.write(`started ${runId}\n`);
  const finished = await executeRun(run, directorySource(brokerDir!));
  // Reached only when the run had fewer batches than CRASH_AFTER_BATCHES: the test fails on it.
  process.stdout.write(`finished ${finished.status}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
