import { repairAccountAggregates } from '../functions/lib/aggregates/recount';
import { repairAuditPresence } from '../functions/lib/repositories/audit-repository';
import { backfillSummaryRows } from '../functions/sync/summary-rows-backfill';
import { runCli } from './run-cli';

/*
 * `TABLE_NAME=<table> npm run backfill-aggregates`
 *
 * What a deploy runs once after the functions are updated, so that data stored by an older version
 * reads as the new code keeps it: the daily summary rows of judged days that have none, every account
 * counted again (the dashboard's counts and lists, the attention lists, the program versions accounts
 * trade), and every audit date's distinct accounts and instruments. Each step is idempotent (a count
 * that is already right is a marker read, a stored summary row is left alone), so a re-run, or a run
 * interrupted and started again, changes nothing more. The local stack runs the same steps once per
 * data folder (scripts/local-stack/seed.ts).
 */

const USAGE = 'Usage: TABLE_NAME=<table> npm run backfill-aggregates';

export interface BackfillReport {
  summaryRows: number;
  accountsRecounted: number;
}

/** The three backfills, in order: summary rows first, as the accounts' counts do not read them. */
export async function backfillAggregates(
  log: (line: string) => void = () => {},
): Promise<BackfillReport> {
  const { rows, dates } = await backfillSummaryRows();
  log(`daily summary rows: ${rows} written over ${dates} dates`);
  const accountsRecounted = await repairAccountAggregates();
  log(`accounts: ${accountsRecounted} counted again`);
  await repairAuditPresence();
  log('audit dates: distinct accounts and instruments kept');
  return { summaryRows: rows, accountsRecounted };
}

export async function main(args: readonly string[]): Promise<number> {
  if (args.length > 0 || !process.env.TABLE_NAME) {
    console.error(USAGE);
    return 2;
  }
  await backfillAggregates((line) => console.log(line));
  return 0;
}

runCli(module, main);
