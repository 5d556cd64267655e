import {
  attentionDataOf,
  dashboardRowOf,
} from '../../../../functions/lib/aggregates/dashboard-rows';
import type { DashboardSource } from '../../../../functions/lib/repositories/account-repository';
import { dailyLossBreach } from '../../../support/accounts';

const violation = dailyLossBreach;

type Summary = NonNullable<DashboardSource['accountSummary']>;

function source(accountId: string, summary: Partial<Summary>): DashboardSource {
  return {
    accountId,
    traderId: 'TR1',
    name: `Name of ${accountId}`,
    phase: 'evaluation',
    rithmicStatus: 'Active',
    accountSummary: {
      accountStatus: 'failed',
      activeViolations: [],
      phaseFailedDate: '20261110',
      ...summary,
    } as Summary,
  };
}

const attention = (sources: DashboardSource[]) =>
  attentionDataOf(sources, sources.map(dashboardRowOf));

describe('failures of the dashboard', () => {
  it('lists a failed account with its stored decisive breach after its day has passed', () => {
    const decisive = violation('20261110');
    const data = attention([
      source('A', { decisiveBreach: decisive, lastCalculationDate: '20261120' }),
    ]);

    expect(data.failures).toEqual([
      expect.objectContaining({ accountId: 'A', failedDate: '20261110', decisiveBreach: decisive }),
    ]);
    expect(data.ruleViolations[0]?.activeViolations).toEqual([decisive]);
  });

  it('falls back on an old record to the failing day’s hard violation in force, else null', () => {
    const soft = violation('20261110', { ruleId: 'daily-loss-pause', soft: true });
    const hard = violation('20261110', { ruleId: 'drawdown-eod', category: 'drawdown' });
    const data = attention([
      source('OLD-IN-FORCE', { activeViolations: [soft, hard] }),
      source('OLD-GONE', { activeViolations: [] }),
    ]);

    const byId = Object.fromEntries(data.failures.map((f) => [f.accountId, f.decisiveBreach]));
    expect(byId).toEqual({ 'OLD-IN-FORCE': hard, 'OLD-GONE': null });
  });

  it('does not list the decisive breach twice when it is still in force, nor an active account', () => {
    const decisive = violation('20261110');
    const data = attention([
      source('A', { decisiveBreach: decisive, activeViolations: [decisive] }),
      source('B', { accountStatus: 'active', phaseFailedDate: null, decisiveBreach: null }),
    ]);

    expect(data.failures.map((f) => f.accountId)).toEqual(['A']);
    expect(data.ruleViolations).toHaveLength(1);
    expect(data.ruleViolations[0]?.activeViolations).toEqual([decisive]);
  });

  it('orders the failures latest first, then by account', () => {
    const data = attention([
      source('B', { phaseFailedDate: '20261105', decisiveBreach: violation('20261105') }),
      source('C', { phaseFailedDate: '20261112', decisiveBreach: violation('20261112') }),
      source('A', { phaseFailedDate: '20261105', decisiveBreach: violation('20261105') }),
    ]);

    expect(data.failures.map((f) => f.accountId)).toEqual(['C', 'A', 'B']);
  });
});
