import {
  accountContribution,
  sumContributions,
} from '../../../functions/lib/aggregates/account-aggregates';
import { counterItemOf, indexItemOf } from '../../../functions/lib/aggregates/store';
import { batchPutAll } from '../../../functions/lib/db/batch-writer';
import type { StoredAccount } from '../../../functions/lib/repositories/account-repository';
import { dashboardResponseSchema } from '@shared/dashboard/dashboard-api';
import type { Violation } from '@shared/rules/conformance';
import { dailyLossBreach } from '../../support/accounts';
import { useFreshTable } from '../../support/fresh-table';
import { callers } from '../../support/callers';
import { handler } from '../../../functions/dashboard/handler';
import { httpEvent, invoke } from '../../support/http-events';
import { dashboardPage, dashboardRoutes } from './dashboard-pages';

/** Accounts seeded: enough that reading them all would show in a page's size and time. */
const ACCOUNTS = 3_000;
const MB = 1024 * 1024;

const violation = (date: string, index: number): Violation =>
  dailyLossBreach(date, {
    ruleId: `daily-loss-${index}`,
    description: 'Daily loss of $1,200.00 over the $1,000.00 limit, a long description as stored',
  });

/** A failed account with five violations in force, close to its target and warned inactive. */
function heavyAccount(index: number): StoredAccount {
  const date = `202611${String(1 + (index % 28)).padStart(2, '0')}`;
  const violations = [0, 1, 2, 3, 4].map((n) => violation(date, n));
  return {
    accountId: `EVAL50-${String(index).padStart(6, '0')}`,
    traderId: `TR${String(index % 900).padStart(6, '0')}`,
    name: `Trader number ${index}`,
    email: `trader${index}@example.com`,
    phase: index % 3 === 0 ? 'sim-funded' : 'evaluation',
    rithmicStatus: 'Active',
    status: 'failed',
    accountSummary: {
      accountStatus: 'failed',
      phaseFailed: true,
      phaseFailedDate: date,
      decisiveBreach: violations[0],
      activeViolations: violations,
      activeRuleViolations: violations.length,
      profitTargetProgress: 0.5,
      profitTargetAchieved: false,
      consistencyRuleCompliant: true,
      trailingDrawdownCompliant: true,
      currentBalance: 48_000,
      totalProfit: -2_000,
      currentDrawdown: 2_000,
      inactivityWarning: true,
      lastCalculationDate: date,
    },
  } as unknown as StoredAccount;
}

/** The kept lists and counters of ACCOUNTS accounts, as counting them one by one would leave them. */
async function seedKept() {
  const contributions = Array.from({ length: ACCOUNTS }, (_, index) => ({
    id: heavyAccount(index).accountId,
    contribution: accountContribution(heavyAccount(index)),
  }));
  const counters = sumContributions(contributions.map((entry) => entry.contribution));
  await batchPutAll([
    ...contributions.flatMap(({ id, contribution }) =>
      contribution.index.map((entry) => indexItemOf(entry, id)),
    ),
    ...Object.entries(counters).map(([scope, counts]) => counterItemOf(scope, 0, counts)),
  ]);
}

describe('dashboard lists at a large size', () => {
  useFreshTable({ seed: seedKept });

  it('answers the counts in a small answer from the counters', async () => {
    const answer = await invoke(
      handler,
      httpEvent(dashboardRoutes.dashboard, { claims: callers.admin }),
    );
    const { data } = dashboardResponseSchema.parse(answer.body);
    expect(data.totalAccounts).toBe(ACCOUNTS);
    expect(data.failures).toBe(ACCOUNTS);
    expect(data.violations).toBe(ACCOUNTS * 5);
    expect(data.needsAttention).toBe(ACCOUNTS);
    expect(JSON.stringify(answer.body).length).toBeLessThan(2_000);
  });

  it.each([
    ['accounts', dashboardRoutes.accounts],
    ['needs attention', dashboardRoutes.attention],
    ['violations', dashboardRoutes.violations],
    ['failures', dashboardRoutes.failures],
  ])('pages %s: ≤ 200 rows and ≤ 1 MB a page, the next after the cursor', async (_, route) => {
    const first = await dashboardPage<{ accountId: string }>(route, { limit: '200' });
    expect(first.status).toBe(200);
    expect(first.rows).toHaveLength(200);
    expect(first.bytes).toBeLessThan(MB);
    expect(first.nextCursor).toBeDefined();
    const second = await dashboardPage<{ accountId: string }>(route, {
      limit: '200',
      cursor: first.nextCursor!,
    });
    expect(second.rows).toHaveLength(200);
    const ids = new Set(first.rows.map((row) => row.accountId));
    for (const row of second.rows) expect(ids.has(row.accountId)).toBe(false);
    // The default page is smaller still.
    expect((await dashboardPage(route)).rows).toHaveLength(50);
  });

  it('lists the failures latest first across pages', async () => {
    const first = await dashboardPage<{ failedDate: string }>(dashboardRoutes.failures, {
      limit: '200',
    });
    const dates = first.rows.map((row) => row.failedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('20261128');
  });

  it('refuses a page over 200 rows and a cursor it did not give, naming the field', async () => {
    const tooMany = await dashboardPage(dashboardRoutes.accounts, { limit: '201' });
    expect(tooMany.status).toBe(400);
    const answer = await invoke(
      handler,
      httpEvent(dashboardRoutes.failures, { claims: callers.admin, query: { cursor: 'nonsense' } }),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('cursor');
  });
});
