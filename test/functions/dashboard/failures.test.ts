import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountRepository,
  type StoredAccount,
} from '../../../functions/lib/repositories/account-repository';
import type { AttentionAccount } from '@shared/dashboard/dashboard';
import type { FailedAccount } from '@shared/dashboard/dashboard-api';
import { decisiveBreach } from '@shared/rules/decisive-breach';
import { directorySink, directorySource, generateDemoData } from '../../../scripts/demo-data';
import { DEMO_DATA } from '../../../scripts/local-stack/seed';
import { useFreshTable } from '../../support/fresh-table';
import { seedCatalogue } from '../../support/programs';
import { runSync } from '../../support/run-sync';
import { allDashboardRows, dashboardRoutes } from './dashboard-pages';

/** The demo firm of a fresh `npm start` (same generator and seed), on a fixed last date. */
const END_DATE = '20261125';
/**
 * 8 of its 25 traders and 12 of its 20 days: syncing the whole demo firm took most of this file's
 * time. Every scripted scenario still fits in 12 days (its failures: two drawdown busts, a daily-loss
 * and a trading-hours breach), and the organic accounts of 8 traders fail in their own ways.
 */
const FIRM = { ...DEMO_DATA, traders: 8, days: 12 };

let dir: string;
let accounts: StoredAccount[];
let data: { failures: FailedAccount[]; ruleViolations: AttentionAccount[] };

async function syncedDemoFirm() {
  dir = mkdtempSync(join(tmpdir(), 'deskline-failures-'));
  const demo = await generateDemoData({ ...FIRM, endDate: END_DATE }, directorySink(dir));
  await seedCatalogue();
  await runSync({ count: demo.dates.length, source: directorySource(dir) });
  accounts = await accountRepository.listAll();
  data = {
    failures: await allDashboardRows<FailedAccount>(dashboardRoutes.failures),
    ruleViolations: await allDashboardRows<AttentionAccount>(dashboardRoutes.violations),
  };
}

describe('Failed demo accounts on the dashboard', () => {
  useFreshTable({ seed: syncedDemoFirm });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const failed = () => accounts.filter((account) => account.engineState?.failedDate);

  it('lists every failed demo account with the engine’s decisive rule and day', () => {
    expect(failed().length).toBeGreaterThanOrEqual(5);
    const listed = new Map(data.failures.map((failure) => [failure.accountId, failure]));
    for (const account of failed()) {
      const decisive = decisiveBreach(account.engineState!);
      expect(decisive).not.toBeNull();
      expect(listed.get(account.accountId)).toEqual({
        accountId: account.accountId,
        traderId: account.traderId,
        name: account.name,
        phase: account.phase,
        failedDate: account.engineState!.failedDate,
        decisiveBreach: decisive,
      });
      // The summary keeps it too, for the account page's "Phase Failed".
      expect(account.accountSummary?.decisiveBreach).toEqual(decisive);
    }
    expect(data.failures).toHaveLength(failed().length);
    // Latest failure first.
    const days = data.failures.map((failure) => failure.failedDate);
    expect(days).toEqual([...days].sort().reverse());
  });

  it('keeps a failed account on Rule Violations after its single-day breach is no longer in force', () => {
    // The daily-loss failures of the demo: their breach day has passed, so the summary no longer
    // counts it in force; the list still shows it.
    const dailyLoss = failed().filter(
      (account) =>
        decisiveBreach(account.engineState!)?.category === 'daily-loss' &&
        !account.accountSummary!.activeViolations.some(
          (violation) => violation.date === account.engineState!.failedDate,
        ),
    );
    expect(dailyLoss.length).toBeGreaterThan(0);
    for (const account of failed()) {
      const decisive = decisiveBreach(account.engineState!)!;
      const row = data.ruleViolations.find((entry) => entry.accountId === account.accountId);
      expect(row?.activeViolations).toContainEqual(decisive);
    }
  });

  it('lists no account that has not failed', () => {
    const failedIds = new Set(failed().map((account) => account.accountId));
    for (const failure of data.failures) expect(failedIds.has(failure.accountId)).toBe(true);
  });
});
