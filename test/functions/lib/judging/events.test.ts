import { phaseSchema } from '@shared/programs/program';
import {
  createRulesEngine,
  ruleDefinitionSchema,
  type DayInput,
  type PerformanceRow,
  type RulesEngine,
} from '@shared/rules';
import type { StoredAccount } from '../../../../functions/lib/repositories/account-repository';
import { judgedDayEvents } from '../../../../functions/lib/judging/events';
import { accountOn } from '../../../support/accounts';

/*
 * What a judged day announces (functions/lib/judging/events.ts), from the engine's own results: a
 * status the account takes on, a limit at 80%, the inactivity warning turning on, a held breach.
 */

const RULES: Array<[string, Record<string, unknown>]> = [
  ['drawdown', { maxDrawdown: 1_000, resetType: 'static' }],
  ['daily-loss', { maxDailyLoss: 1_000 }],
  ['inactivity', { maxInactiveDays: 5 }],
  ['profit-target', { target: 1_000, type: 'absolute' }],
];
const definitions = RULES.map(([category, testParameters]) =>
  ruleDefinitionSchema.parse({
    ruleId: category,
    name: `${category} rule`,
    description: `The ${category} rule`,
    category,
    action: { type: 'termination', description: 'Fails the account' },
    testClassName: 'RuleTest',
    testParameters,
    successMessage: 'OK: {actual} of {target}',
    failureMessage: 'Failed: {actual} against {target}',
  }),
);
const engine = createRulesEngine({
  phase: phaseSchema.parse({
    phaseId: 'phase-1',
    phaseName: 'Phase 1',
    type: 'evaluation',
    accountSize: 50_000,
    startingBalance: 50_000,
    rules: {
      programId: 'EVAL',
      phaseId: 'phase-1',
      evaluationOrder: 'priority',
      rules: definitions.map((rule) => ({ ruleId: rule.ruleId })),
    },
  }),
  definitions,
});
const day = (
  date: string,
  performance: Partial<PerformanceRow> & Pick<PerformanceRow, 'AcctBal' | 'NetPnl'>,
): DayInput => ({ date, performance: { Trades: 1, ...performance } });
const KEY = 'EVAL#1#phase-1';

/** An account without a program: the events read only its ids, status and summary. */
const account = (extra: Partial<StoredAccount> = {}): StoredAccount =>
  ({
    ...accountOn('EVAL-000001', undefined),
    traderId: 'TR000001',
    status: 'active',
    ...extra,
  }) as StoredAccount;

/** The last of `days` judged, and the account after it as the gate leaves an unheld day. */
function judgedLast(rules: RulesEngine, days: DayInput[], before: StoredAccount) {
  const { state, conformances } = rules.evaluateHistory(days);
  const conformance = conformances.at(-1)!;
  const summary = rules.summarizeAccount(state, conformance);
  const after: StoredAccount = {
    ...before,
    status: summary.accountStatus,
    accountSummary: {
      ...summary,
      accountId: before.accountId,
      traderId: before.traderId,
      phase: 'evaluation',
      payoutHistory: [],
      lastconformanceCheck: null,
      createdAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
    },
  };
  return {
    date: days.at(-1)!.date,
    judged: { state, conformance, judgedBy: KEY },
    before,
    after,
    held: undefined,
  };
}

const types = (events: { type: string }[]) => events.map((event) => event.type);

describe('judgedDayEvents', () => {
  it('a quiet day announces nothing', () => {
    const events = judgedDayEvents(
      judgedLast(engine, [day('20260302', { AcctBal: 50_100, NetPnl: 100 })], account()),
    );
    expect(events).toEqual([]);
  });

  it('a drawdown at 80% or more is announced per limit, with its figures and sentence', () => {
    // Static floor 49,000: the close of 49,150 uses 85% of the drawdown; the loss of 850 is 85% too.
    const events = judgedDayEvents(
      judgedLast(engine, [day('20260302', { AcctBal: 49_150, NetPnl: -850 })], account()),
    );
    expect(events.map((event) => event.key)).toEqual([
      'account.limit_near#EVAL-000001#20260302#drawdown',
      'account.limit_near#EVAL-000001#20260302#daily-loss',
    ]);
    expect(events[0]).toMatchObject({
      traderId: 'TR000001',
      accountId: 'EVAL-000001',
      link: '/summaries/account/EVAL-000001',
      data: expect.objectContaining({ date: '20260302', ruleId: 'drawdown', limit: 1_000 }),
    });
    expect(events[0]!.text).toMatch(/^drawdown rule: /);
  });

  it('a failure is announced once as the status turns failed, with the decisive sentence', () => {
    const days = [day('20260302', { AcctBal: 48_900, NetPnl: -1_100 })];
    const fresh = judgedDayEvents(judgedLast(engine, days, account()));
    expect(types(fresh)).toEqual(['account.breached']);
    expect(fresh[0]).toMatchObject({
      key: `account.breached#EVAL-000001#${KEY}#20260302`,
      data: expect.objectContaining({ ruleId: 'drawdown', violationType: 'trailing-drawdown' }),
    });
    expect(fresh[0]!.text).toMatch(/^drawdown rule: breached on 03\/02\/2026/);
    // Judged again with the account already failed (a re-run, a re-judge): nothing.
    expect(judgedDayEvents(judgedLast(engine, days, account({ status: 'failed' })))).toEqual([]);
  });

  it('a pass is announced as the status turns passed, on its day', () => {
    const days = [
      day('20260302', { AcctBal: 50_600, NetPnl: 600 }),
      day('20260303', { AcctBal: 51_000, NetPnl: 400 }),
    ];
    const events = judgedDayEvents(judgedLast(engine, days, account()));
    expect(events).toEqual([
      expect.objectContaining({
        type: 'account.passed',
        key: `account.passed#EVAL-000001#${KEY}#20260303`,
        text: 'Passed on 03/03/2026: every benchmark met.',
      }),
    ]);
    expect(judgedDayEvents(judgedLast(engine, days, account({ status: 'passed' })))).toEqual([]);
  });

  it('the inactivity warning is announced when it turns on, not while it stays on', () => {
    const days = [
      day('20260302', { AcctBal: 50_100, NetPnl: 100 }),
      day('20260306', { AcctBal: 50_100, NetPnl: 0, Trades: 0 }),
    ];
    const turned = judgedLast(engine, days, account());
    expect(turned.after.accountSummary?.inactivityWarning).toBe(true);
    const events = judgedDayEvents(turned);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'account.inactivity_warning',
        key: `account.inactivity_warning#EVAL-000001#${KEY}#20260306`,
        data: expect.objectContaining({ value: 4, limit: 5 }),
      }),
    ]);
    expect(events[0]!.text).toMatch(/^inactivity rule: /);
    const stays = judgedLast(engine, days, turned.after);
    expect(judgedDayEvents(stays)).toEqual([]);
  });

  it('a held breach is announced as held, not as a breach', () => {
    const days = [day('20260302', { AcctBal: 48_900, NetPnl: -1_100 })];
    const judged = judgedLast(engine, days, account());
    const events = judgedDayEvents({
      ...judged,
      after: { ...judged.after, status: 'active' },
      held: {
        accountId: 'EVAL-000001',
        date: '20260302',
        failures: [
          {
            check: 'balance-continuity',
            message: 'AcctBal 48900.00 is not AcctBal 50000.00 + NetPnl -1100.00',
            figures: {},
          },
        ],
        decidedStatus: 'failed',
        previousStatus: 'active',
        state: 'held',
        heldAt: '2026-03-02T22:00:00.000Z',
      },
    });
    expect(types(events)).toEqual(['breach.held']);
    expect(events[0]).toMatchObject({
      key: 'breach.held#EVAL-000001#20260302',
      link: '/sync/held-breaches',
      data: expect.objectContaining({ decidedStatus: 'failed', keptStatus: 'active' }),
    });
    expect(events[0]!.text).toMatch(
      /^A breach of EVAL-000001 on 03\/02\/2026 is held for review: AcctBal .*\. drawdown rule: breached/,
    );
  });
});
