import { programSchema } from '@shared/programs/program';
import { ruleDefinitionSchema } from '@shared/rules/rule-definition';
import { changeText, diffPrograms } from '@/features/programs/program-diff';
import { formatProfitTarget, programRow, suggestCopyPrefix } from '@/lib/programs/program-columns';
import {
  clampPhasePriority,
  firstParameterSummary,
  parseOverride,
} from '@/lib/programs/rule-parameters-view';
import { evalProgram, phase, rules } from './program-fixtures';
import { formatWholeMoney } from '@/lib/format';

const catalogue = new Map(
  rules.map((rule) => {
    const parsed = ruleDefinitionSchema.parse(rule);
    return [parsed.ruleId, parsed];
  }),
);

describe('program list columns', () => {
  it('reads fees by type and recurrence from the current phase', () => {
    const row = programRow(programSchema.parse(evalProgram), catalogue);
    expect([row.registrationFee, row.monthlyPrice, row.resetFee]).toEqual([149.5, 99, 80]);
    expect(formatWholeMoney(row.registrationFee)).toBe('$150');
  });

  it('uses the current phase, not the first, for size, fees and rules', () => {
    const program = programSchema.parse({
      ...evalProgram,
      currentPhase: 'funded',
      phases: [phase('phase-1'), phase('funded', { accountSize: 100_000, fees: [] })],
    });
    const row = programRow(program, catalogue);
    expect(row.accountSize).toBe(100_000);
    expect(row.registrationFee).toBeUndefined();
  });

  it('shows the drawdown reset type, trailing as trail and eod when none is named', () => {
    const program = programSchema.parse(evalProgram);
    expect(programRow(program, catalogue).trailType).toBe('trail');
    const eod = new Map(catalogue);
    const drawdown = eod.get('drawdown-eod')!;
    eod.set('drawdown-eod', { ...drawdown, testParameters: { maxDrawdown: 2000 } });
    expect(programRow(program, eod).trailType).toBe('eod');
  });

  it('reads Min Days from minDays or minNumbersOfDays, and Max Shares from maxPositionSize or maxSize', () => {
    const program = programSchema.parse(evalProgram);
    expect(programRow(program, catalogue).minDays).toBe(5);
    expect(programRow(program, catalogue).maxShares).toBe(5);
    const older = new Map(catalogue);
    older.set('min-days', {
      ...catalogue.get('min-days')!,
      testParameters: { minNumbersOfDays: 7 },
    });
    older.set('max-position', {
      ...catalogue.get('max-position')!,
      testParameters: { maxSize: 4 },
    });
    expect(programRow(program, older).minDays).toBe(7);
    expect(programRow(program, older).maxShares).toBe(4);
  });

  it('lets a phase override win over the definition and skips disabled references', () => {
    const program = programSchema.parse(evalProgram);
    expect(programRow(program, catalogue).maxDraw).toBe(2500);
    const withoutDrawdown = programSchema.parse({
      ...evalProgram,
      phases: [
        phase('phase-1', {
          rules: {
            programId: 'EVAL50',
            phaseId: 'phase-1',
            evaluationOrder: 'priority',
            rules: [{ ruleId: 'drawdown-eod', enabled: false, priority: 1 }],
          },
        }),
      ],
    });
    expect(programRow(withoutDrawdown, catalogue).maxDraw).toBeUndefined();
    expect(programRow(withoutDrawdown, catalogue).trailType).toBeUndefined();
  });

  it('shows a percentage profit target as a percent', () => {
    expect(formatProfitTarget({ value: 6, kind: 'percentage' })).toBe('6%');
    expect(formatProfitTarget({ value: 3000, kind: 'absolute' })).toBe('$3,000');
    expect(formatProfitTarget(undefined)).toBe('-');
  });
});

describe('copy prefix suggestion', () => {
  it('is -COPY, then -COPY2, -COPY3 when those are taken', () => {
    expect(suggestCopyPrefix('EVAL50', ['EVAL50'])).toBe('EVAL50-COPY');
    expect(suggestCopyPrefix('EVAL50', ['EVAL50-COPY'])).toBe('EVAL50-COPY2');
    expect(suggestCopyPrefix('EVAL50', ['EVAL50-COPY', 'EVAL50-COPY2'])).toBe('EVAL50-COPY3');
  });
});

describe('phase rule settings', () => {
  it('keeps priorities to digits clamped to 1–1000', () => {
    expect(clampPhasePriority('1500')).toBe(1000);
    expect(clampPhasePriority('0')).toBe(1);
    expect(clampPhasePriority('4a2')).toBe(42);
    expect(clampPhasePriority('')).toBe(100);
    expect(clampPhasePriority('', 1)).toBe(1);
  });

  it('summarises the first parameter with +N more, lists by their count', () => {
    expect(firstParameterSummary({ maxDrawdown: 2500, resetType: 'eod', lockOffset: 0 })).toBe(
      'maxDrawdown: 2,500 +2 more',
    );
    expect(firstParameterSummary({ allowedInstruments: ['ES', 'NQ'] })).toBe(
      'allowedInstruments: 2 items',
    );
    expect(firstParameterSummary({})).toBe('No parameters');
  });

  it('reads an override as the kind of its default', () => {
    expect(parseOverride('1,750', 2000)).toBe(1750);
    expect(parseOverride('abc', 2000)).toBeUndefined();
    expect(parseOverride('false', true)).toBe(false);
    expect(parseOverride('static', 'eod')).toBe('static');
    expect(parseOverride('["ES"]', ['NQ'])).toEqual(['ES']);
  });
});

describe('version diff', () => {
  it('lists the fields that differ, matching phases and rules by their ids', () => {
    const before = programSchema.parse(evalProgram);
    const after = programSchema.parse({
      ...evalProgram,
      version: 4,
      name: 'Evaluation 50K (new)',
      phases: [
        {
          ...phase('phase-1'),
          rules: {
            ...phase('phase-1').rules,
            rules: [...phase('phase-1').rules.rules]
              .reverse()
              .map((rule) =>
                rule.ruleId === 'drawdown-eod'
                  ? { ...rule, parameterOverrides: { maxDrawdown: 1750 } }
                  : rule,
              ),
          },
        },
      ],
    });

    expect(diffPrograms(before, after)).toEqual([
      { field: 'name', before: 'Evaluation 50K', after: 'Evaluation 50K (new)' },
      {
        field: 'phases[phase-1].rules.rules[drawdown-eod].parameterOverrides.maxDrawdown',
        before: 2500,
        after: 1750,
      },
    ]);
    expect(changeText(undefined)).toBe('-');
  });
});
