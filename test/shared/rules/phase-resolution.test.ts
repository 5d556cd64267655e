import { createRulesEngine } from '@shared/rules';
import { day, definition, phaseWith } from './fixtures';

const drawdownRule = definition({
  ruleId: 'max-dd',
  name: 'Max Drawdown',
  category: 'drawdown',
  params: { maxDrawdown: 2000, resetType: 'static' },
  successMessage: 'Drawdown {actual} of {target}',
  failureMessage: 'Drawdown {actual} exceeded {target}',
  warningMessage: 'Careful: drawdown {actual} of {target}',
});
const lossRule = definition({
  ruleId: 'daily-loss',
  name: 'Daily Loss',
  category: 'daily-loss',
  params: { maxDailyLoss: 1000 },
});
const targetRule = definition({
  ruleId: 'target',
  name: 'Profit Target',
  category: 'profit-target',
  params: { target: 3000, type: 'absolute' },
});
const definitions = [drawdownRule, lossRule, targetRule];
const quietDay = day('20260302', { AcctBal: 50_100, NetPnl: 100 });

describe('phase rule resolution', () => {
  it('skips disabled references without reporting them', () => {
    const engine = createRulesEngine({
      phase: phaseWith([{ ruleId: 'max-dd' }, { ruleId: 'daily-loss', enabled: false }]),
      definitions,
    });

    const { conformances } = engine.evaluateHistory([quietDay]);

    expect(conformances[0]!.rules.map((rule) => rule.ruleId)).toEqual(['max-dd']);
    expect(engine.phase.problems).toEqual([]);
  });

  it('applies parameter overrides over the test parameters, ignoring empty ones', () => {
    const engine = createRulesEngine({
      phase: phaseWith([
        { ruleId: 'max-dd', parameterOverrides: { maxDrawdown: 2500, resetType: '' } },
      ]),
      definitions,
    });

    const { conformances } = engine.evaluateHistory([quietDay]);

    expect(conformances[0]!.rules[0]).toMatchObject({ thresholdValue: 2500 });
    expect(conformances[0]!.rules[0]!.details).toMatchObject({
      resetType: 'static',
      floorAfter: 47_500,
    });
  });

  it('orders rules by priority, lower first, then by listing', () => {
    const engine = createRulesEngine({
      phase: phaseWith([
        { ruleId: 'target', priority: 30 },
        { ruleId: 'max-dd', priority: 10 },
        { ruleId: 'daily-loss', priority: 30 },
      ]),
      definitions,
    });

    expect(engine.phase.rules.map((rule) => rule.ruleId)).toEqual([
      'max-dd',
      'target',
      'daily-loss',
    ]);
  });

  it('orders by name or by listing when the phase asks so', () => {
    const references = [{ ruleId: 'target' }, { ruleId: 'max-dd' }, { ruleId: 'daily-loss' }];
    const byName = createRulesEngine({
      phase: phaseWith(references, { evaluationOrder: 'alphabetical' }),
      definitions,
    });
    const asListed = createRulesEngine({
      phase: phaseWith(references, { evaluationOrder: 'custom' }),
      definitions,
    });

    expect(byName.phase.rules.map((rule) => rule.name)).toEqual([
      'Daily Loss',
      'Max Drawdown',
      'Profit Target',
    ]);
    expect(asListed.phase.rules.map((rule) => rule.ruleId)).toEqual([
      'target',
      'max-dd',
      'daily-loss',
    ]);
  });

  it('reports a reference to a missing definition and judges the other rules', () => {
    const engine = createRulesEngine({
      phase: phaseWith([{ ruleId: 'gone' }, { ruleId: 'max-dd' }]),
      definitions,
    });

    const { conformances } = engine.evaluateHistory([quietDay]);

    expect(engine.phase.problems).toEqual([
      expect.objectContaining({ ruleId: 'gone', reason: 'missing-definition' }),
    ]);
    expect(conformances[0]!.unresolvedRules).toEqual(engine.phase.problems);
    expect(conformances[0]!.rules.map((rule) => rule.ruleId)).toEqual(['max-dd']);
  });

  it('reports overrides that break the parameter bounds', () => {
    const engine = createRulesEngine({
      phase: phaseWith([{ ruleId: 'max-dd', parameterOverrides: { maxDrawdown: -5 } }]),
      definitions,
    });

    expect(engine.phase.rules).toEqual([]);
    expect(engine.phase.problems[0]).toMatchObject({
      ruleId: 'max-dd',
      reason: 'invalid-parameters',
    });
    expect(engine.phase.problems[0]!.message).toContain('maxDrawdown');
  });

  it('reports inactive definitions and repeated references', () => {
    const inactive = { ...lossRule, isActive: false };
    const engine = createRulesEngine({
      phase: phaseWith([{ ruleId: 'daily-loss' }, { ruleId: 'max-dd' }, { ruleId: 'max-dd' }]),
      definitions: [drawdownRule, inactive],
    });

    expect(engine.phase.problems.map((problem) => problem.reason)).toEqual([
      'inactive-definition',
      'duplicate-reference',
    ]);
    expect(engine.phase.rules.map((rule) => rule.ruleId)).toEqual(['max-dd']);
  });

  it('fills {actual} and {target} into the success, warning and failure messages', () => {
    const engine = createRulesEngine({ phase: phaseWith([{ ruleId: 'max-dd' }]), definitions });

    const { conformances } = engine.evaluateHistory([
      day('20260302', { AcctBal: 49_500, NetPnl: -500 }),
      day('20260303', { AcctBal: 48_300, NetPnl: -1_200 }),
      day('20260304', { AcctBal: 47_000, NetPnl: -1_300 }),
    ]);

    expect(conformances.map((conformance) => conformance.rules[0]!.message)).toEqual([
      'Drawdown $500.00 of $2,000.00',
      'Careful: drawdown $1,700.00 of $2,000.00',
      // A breach adds what decided it (decision 34).
      'Drawdown $3,000.00 exceeded $2,000.00 (low $47,000.00 under the $48,000.00 floor)',
    ]);
  });

  it('prefers the phase’s custom messages', () => {
    const engine = createRulesEngine({
      phase: phaseWith([
        { ruleId: 'target', customMessages: { failure: '{actual} made, {target} to make' } },
      ]),
      definitions,
    });

    const { conformances } = engine.evaluateHistory([quietDay]);

    expect(conformances[0]!.rules[0]!.message).toBe('$100.00 made, $3,000.00 to make');
  });
});
