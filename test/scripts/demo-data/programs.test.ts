import { programSchema, type Program } from '@shared/programs/program';
import { ruleDefinitionSchema, ruleParametersSchemas, type RuleDefinition } from '@shared/rules';
import { accountLimits, demoPrograms, demoRules } from '../../../scripts/demo-data/programs';
import { generateToTemp, readJson, type Generated } from './support';

let generated: Generated;
let programs: unknown[];
let rules: unknown[];

beforeAll(async () => {
  generated = await generateToTemp({ traders: 1, days: 1, seed: 'programs' });
  programs = readJson<unknown[]>(generated.dir, 'seed/programs.json');
  rules = readJson<unknown[]>(generated.dir, 'seed/rules.json');
});

afterAll(() => generated.remove());

describe('demo programs and rules', () => {
  it('seeds programs that the shared program schema accepts', () => {
    const parsed = programs.map((program) => programSchema.parse(program));

    expect(
      parsed.map((program) => [program.prefix, program.type, program.phases[0]!.type]),
    ).toEqual([
      ['EVAL50K', 'eval', 'evaluation'],
      ['EVAL100K', 'eval', 'evaluation'],
      ['EVAL150K', 'eval', 'evaluation'],
      ['SIMF100K', 'sim-funded', 'sim-funded'],
      ['LIVE100K', 'live-funded', 'live-funded'],
      ['DEMO50K', 'demo', 'demo'],
    ]);
    for (const program of parsed) {
      expect(program.phases.map((phase) => phase.phaseId)).toContain(program.currentPhase);
      expect(program.version).toBe(1);
    }
  });

  it('seeds rule definitions that the shared rule schema accepts, one per id', () => {
    const parsed = rules.map((rule) => ruleDefinitionSchema.parse(rule));
    const ids = parsed.map((rule) => rule.ruleId);

    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(parsed.map((rule) => rule.category))).toEqual(
      new Set([
        'drawdown',
        'daily-loss',
        'consistency',
        'profit-target',
        'trading-days',
        'instruments',
        'trading-hours',
        'position-size',
        'overnight-holding',
        'news-trading',
        'inactivity',
      ]),
    );
    expect(
      new Set(
        parsed
          .filter((rule) => rule.category === 'drawdown')
          .map((rule) => rule.testParameters.resetType),
      ),
    ).toEqual(new Set(['eod', 'trailing', 'daily-highs', 'static']));
  });

  it('references only catalogued rules, with parameters valid after the overrides', () => {
    const catalogue = new Map(
      (rules as RuleDefinition[]).map((rule) => [rule.ruleId, ruleDefinitionSchema.parse(rule)]),
    );
    for (const program of programs as Program[]) {
      const phase = program.phases[0]!;
      expect(phase.rules.programId).toBe(program.prefix);
      for (const reference of phase.rules.rules) {
        const rule = catalogue.get(reference.ruleId);
        expect(rule).toBeDefined();
        const merged = { ...rule!.testParameters, ...reference.parameterOverrides };
        expect(ruleParametersSchemas[rule!.category].safeParse(merged).success).toBe(true);
        // Spec 001 §5: program-rule overrides accept numbers only.
        expect(
          Object.values(reference.parameterOverrides).every((value) => typeof value === 'number'),
        ).toBe(true);
      }
    }
  });

  it('gives every evaluation the drawdown, daily loss, target, consistency, days, instruments and hours', () => {
    const catalogue = new Map((rules as RuleDefinition[]).map((rule) => [rule.ruleId, rule]));
    for (const program of (programs as Program[]).filter(
      (candidate) => candidate.type === 'eval',
    )) {
      const categories = program.phases[0]!.rules.rules.map(
        (reference) => catalogue.get(reference.ruleId)!.category,
      );
      expect(categories).toEqual(
        expect.arrayContaining([
          'drawdown',
          'daily-loss',
          'profit-target',
          'consistency',
          'trading-days',
          'instruments',
          'trading-hours',
        ]),
      );
    }
  });

  it('resolves the limits the generator steers by from the same objects', () => {
    const catalogue = demoRules('2026-01-01T00:00:00.000Z');
    const [eval50k, eval100k] = demoPrograms('2026-01-01T00:00:00.000Z');

    expect(accountLimits(eval50k!, catalogue)).toMatchObject({
      startingBalanceCents: 5_000_000,
      drawdown: { maxCents: 200_000, resetType: 'eod', lockOffsetCents: 0 },
      dailyLoss: { maxCents: 100_000, hard: true },
      profitTargetCents: 300_000,
      consistency: { limit: 0.5, period: 'daily' },
      tradingDays: { minDays: 5, minProfitCents: null },
      maxPositionTenths: 50,
    });
    expect(accountLimits(eval100k!, catalogue)).toMatchObject({
      drawdown: { maxCents: 300_000, resetType: 'trailing', lockOffsetCents: 10_000 },
      profitTargetCents: 600_000,
    });
  });

  it('gives program prefixes that no other prefix starts, so attachment is unambiguous', () => {
    const prefixes = (programs as Program[]).map((program) => program.prefix);
    for (const prefix of prefixes) {
      expect(prefixes.filter((other) => other !== prefix && other.startsWith(prefix))).toEqual([]);
    }
  });
});
