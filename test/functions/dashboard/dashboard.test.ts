import { handler } from '../../../functions/dashboard/handler';
import {
  accountRepository,
  type StoredAccount,
} from '../../../functions/lib/repositories/account-repository';
import type { RouteDefinition } from '@shared/api/routes';
import {
  dashboardResponseSchema,
  type DashboardRow,
  type NeedsAttentionAccount,
} from '@shared/dashboard/dashboard-api';
import type { AttentionAccount } from '@shared/dashboard/dashboard';
import { drawdownOfDay } from '@shared/rules/drawdown-day';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers } from '../../support/callers';
import { demoStack, syncAllButLast, type DemoStack } from '../../support/demo-firm';

import { allDashboardRows, dashboardRoutes } from './dashboard-pages';

const { dashboard, attention } = dashboardRoutes;
/** Every row of the Overview's All accounts, page after page. */
const allAccounts = () => allDashboardRows<DashboardRow>(dashboardRoutes.accounts);

const call = (route: Pick<RouteDefinition, 'method' | 'path'>, claims?: Record<string, string>) =>
  invoke(handler, httpEvent(route, claims && { claims }));

let stack: DemoStack;
let accounts: StoredAccount[];
let closeAccountId: string;

/** An account whose stored summary is the given figures (the rest of its summary kept). */
async function withSummary(
  account: StoredAccount,
  figures: Partial<NonNullable<StoredAccount['accountSummary']>>,
): Promise<StoredAccount> {
  return accountRepository.replace({
    ...account,
    accountSummary: { ...account.accountSummary!, ...figures },
  });
}

const closeToPassing = {
  profitTargetProgress: 0.9,
  profitTargetAchieved: false,
  consistencyRuleCompliant: true,
  trailingDrawdownCompliant: true,
  accountStatus: 'active',
} as const;

describe('Account Summary Dashboard', () => {
  useFreshTable({ perTest: true, seed: judgedDemoFirm });

  async function judgedDemoFirm() {
    stack = await demoStack({ seed: 'dashboard', days: 4 });
    await syncAllButLast(stack);
    const judged = (await accountRepository.listAll()).filter((a) => a.accountSummary);
    // Spec 001 §9 exactly: 0.9 is close, just under is not, achieved / non-compliant / failed are not.
    await withSummary(judged[0]!, closeToPassing);
    closeAccountId = judged[0]!.accountId;
    await withSummary(judged[1]!, { ...closeToPassing, profitTargetProgress: 0.8999 });
    await withSummary(judged[2]!, { ...closeToPassing, profitTargetAchieved: true });
    await withSummary(judged[3]!, { ...closeToPassing, consistencyRuleCompliant: false });
    await withSummary(judged[4]!, { ...closeToPassing, trailingDrawdownCompliant: false });
    await withSummary(judged[5]!, { ...closeToPassing, accountStatus: 'failed' });
    accounts = await accountRepository.listAll();
  }

  afterAll(() => stack.dispose());

  it('counts every account, Active ones, each phase, completed and close to passing (spec 001 §9)', async () => {
    const answer = await call(dashboard, callers.admin);

    expect(answer.status).toBe(200);
    const { data } = dashboardResponseSchema.parse(answer.body);
    const judged = accounts.filter((a) => a.accountSummary);
    expect(data.totalAccounts).toBe(accounts.length);
    expect(data.activeAccounts).toBe(accounts.filter((a) => a.rithmicStatus === 'Active').length);
    expect(data.accountsByPhase).toEqual({
      evaluation: accounts.filter((a) => a.phase === 'evaluation').length,
      'sim-funded': accounts.filter((a) => a.phase === 'sim-funded').length,
      'live-funded': accounts.filter((a) => a.phase === 'live-funded').length,
      demo: accounts.filter((a) => a.phase === 'demo').length,
      completed: judged.filter((a) => a.accountSummary!.accountStatus === 'passed').length,
    });
    const rows = await allAccounts();
    const close = rows.filter((row) => row.closeToPassing).map((row) => row.accountId);
    expect(close).toContain(judged[0]!.accountId);
    for (const excluded of judged.slice(1, 6)) expect(close).not.toContain(excluded.accountId);
    expect(data.closeToPassing).toBe(close.length);
    expect(rows.map((row) => row.accountId)).toEqual(accounts.map((a) => a.accountId).sort());
    expect(rows[0]).not.toHaveProperty('engineState');
    expect(data.byStatus).toEqual({
      active: accounts.filter((a) => (a.accountSummary?.accountStatus ?? 'active') === 'active')
        .length,
      passed: judged.filter((a) => a.accountSummary!.accountStatus === 'passed').length,
      failed: judged.filter((a) => a.accountSummary!.accountStatus === 'failed').length,
    });
    expect(data.notJudged).toBe(accounts.length - judged.length);
  });

  it('lists each account with its summary figures and drawdown use', async () => {
    const rows = await allAccounts();

    for (const row of rows) {
      const account = accounts.find((a) => a.accountId === row.accountId)!;
      const summary = account.accountSummary;
      expect(row).toMatchObject({
        traderId: account.traderId,
        name: account.name,
        phase: account.phase,
        rithmicStatus: account.rithmicStatus,
        judged: summary !== undefined,
        currentBalance: summary?.currentBalance ?? 0,
        profitTargetProgress: summary?.profitTargetProgress ?? 0,
        activeRuleViolations: summary?.activeRuleViolations ?? 0,
      });
      // One computation (decision 34): the engine's drawdown of the last day, as the account page.
      const lastDay =
        summary && account.engineState ? drawdownOfDay({ state: account.engineState }) : null;
      expect(row.drawdownUsage).toBe(lastDay?.usage ?? null);
    }
    expect(rows.some((row) => row.drawdownUsage !== null)).toBe(true);
  });

  it('shows the drawdown used against a locked floor, not against the peak', async () => {
    const account = accounts.find((a) => a.accountSummary?.drawdown)!;
    // Start 100,000, max 2,500, floor locked at 100,100, peak 103,000, close 101,500: the engine
    // has used 1,100 of 2,500 (44%); peak-based figures would say 60% or 51.7%.
    const drawdown = {
      maxDrawdown: 2_500,
      floorInForce: 100_100,
      floor: 100_100,
      locked: true,
      trough: 101_400,
      balance: 101_500,
      used: 1_100,
      atTrough: 1_200,
      decided: 1_100,
      usage: 0.44,
      breached: false,
    };
    await withSummary(account, { peakBalance: 103_000, currentBalance: 101_500, drawdown });
    const rows = await allAccounts();

    expect(rows.find((row) => row.accountId === account.accountId)!.drawdownUsage).toBe(0.44);
  });

  it('answers the violations in force newest first and the accounts needing attention', async () => {
    const data = {
      ruleViolations: await allDashboardRows<AttentionAccount>(dashboardRoutes.violations),
      needsAttention: await allDashboardRows<NeedsAttentionAccount>(attention),
    };
    // Violations in force, and the breach that failed an account after its day has passed.
    const violating = accounts.filter(
      (a) =>
        (a.accountSummary?.activeViolations.length ?? 0) > 0 || a.accountSummary?.decisiveBreach,
    );
    expect(data.ruleViolations.map((entry) => entry.accountId).sort()).toEqual(
      violating.map((a) => a.accountId).sort(),
    );
    const newest = data.ruleViolations.map((entry) => entry.activeViolations[0]!.date);
    expect(newest).toEqual([...newest].sort().reverse());
    const dashboardRows = await allAccounts();
    const expected = dashboardRows.filter(
      (row) =>
        row.closeToPassing ||
        (row.drawdownUsage !== null && row.drawdownUsage > 0.8) ||
        row.inactivityWarning,
    );
    expect(data.needsAttention.map((entry) => entry.accountId)).toEqual(
      expected.map((row) => row.accountId).sort(),
    );
    const close = data.needsAttention.find((entry) => entry.accountId === closeAccountId);
    expect(close?.reasons).toContain('close-to-passing');
  });

  it('keeps every route to staff', async () => {
    for (const route of Object.values(dashboardRoutes)) {
      expect((await call(route, callers.owner)).status).toBe(403);
      expect((await call(route)).status).toBe(401);
    }
  });
});
