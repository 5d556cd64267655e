import { ruleBodySchema } from '@shared/programs/rule-body';
import { ruleCategorySchema, ruleDefinitionSchema } from '@shared/rules/rule-definition';
import { filterRules } from '@/features/rules/rule-filters';
import {
  UNKNOWN_TEMPLATE,
  generateRuleId,
  ruleFromTemplate,
} from '@/features/rules/rule-templates';
import { valuePreview } from '@/lib/rules/value-preview';
import {
  fractionToPercent,
  parseMoneyText,
  percentToFraction,
} from '@/features/rules/components/rule-parameter-inputs';
import { parseTags } from '@/features/rules/components/rule-form-fields';
import { numericOverrides } from '@/features/rules/components/program-rule-form';
import { rules } from '../programs/program-fixtures';

const catalogue = rules.map((rule) => ruleDefinitionSchema.parse(rule));

describe('rule value preview', () => {
  const preview = (testParameters: Record<string, unknown>, required?: string) =>
    valuePreview({
      testParameters,
      parameterValidation: required ? [{ parameterName: required, required: true }] : [],
    });

  it("shows the first required parameter's test value, a number locale-formatted", () => {
    expect(preview({ resetType: 'eod', maxDrawdown: 2500 }, 'maxDrawdown')).toBe('2,500');
    expect(preview({ resetType: 'eod', maxDrawdown: 2500 })).toBe('eod');
  });

  it('shows a list as N items and an object as JSON cut to 37 characters plus an ellipsis', () => {
    expect(preview({ allowedInstruments: ['ES', 'NQ', 'CL'] })).toBe('3 items');
    const shown = preview({ window: { openTime: '09:30', closeTime: '16:00', zone: 'Eastern' } });
    expect(shown).toBe(`${'{"openTime":"09:30","closeTime":"16:00'.slice(0, 37)}…`);
    expect(shown).toHaveLength(38);
    expect(preview({ small: { a: 1 } })).toBe('{"a":1}');
    expect(preview({})).toBe('-');
  });
});

describe('rule filters', () => {
  it('match name or description case-insensitively, category and type exactly', () => {
    const names = (filters: { search?: string; category?: string; type?: string }) =>
      filterRules(catalogue, { search: '', category: '', type: '', ...filters }).map(
        (rule) => rule.ruleId,
      );
    expect(names({ search: 'TRAILS' })).toEqual(['drawdown-eod']);
    expect(names({ search: 'profit' })).toEqual(['profit-target']);
    expect(names({ category: 'trading-days' })).toEqual(['min-days']);
    expect(names({ type: 'benchmark' })).toEqual(['profit-target', 'min-days']);
    expect(names({})).toHaveLength(4);
  });
});

describe('rule templates', () => {
  it('generates ids from category, lower-case hyphenated name and timestamp', () => {
    expect(generateRuleId('drawdown', '  Max Loss (Static)! ', 1700000000000)).toBe(
      'drawdown-max-loss-static-1700000000000',
    );
  });

  it('makes a rule the API accepts for every category, with priority 2 and version 1.0.0', () => {
    for (const category of ruleCategorySchema.options) {
      const rule = ruleFromTemplate(category, 1);
      const parsed = ruleBodySchema.safeParse(rule);
      expect({ category, issues: parsed.error?.issues ?? [] }).toEqual({ category, issues: [] });
      expect(rule.priority).toBe(2);
      expect(rule.version).toBe('1.0.0');
    }
  });

  it('refuses an unknown template with the spec message', () => {
    expect(() => ruleFromTemplate('martingale', 1)).toThrow(UNKNOWN_TEMPLATE('martingale'));
    expect(UNKNOWN_TEMPLATE('martingale')).toBe('Unknown rule template: martingale');
  });
});

describe('rule form inputs', () => {
  it('reads money as digits and commas, stored as a whole number; anything else is no number', () => {
    expect(parseMoneyText('2,500')).toBe(2500);
    // Decision 37: refused, never stripped into 250075.
    expect(parseMoneyText('$2,500.75')).toBeNaN();
    expect(parseMoneyText('-100')).toBeNaN();
    expect(parseMoneyText('')).toBeUndefined();
  });

  it('shows a fraction as a percent 0–100 and stores the fraction', () => {
    expect(percentToFraction('30')).toBe(0.3);
    expect(fractionToPercent(0.3)).toBe('30');
    expect(fractionToPercent(0.075)).toBe('7.5');
    expect(percentToFraction('')).toBeUndefined();
  });

  it('trims tags, drops empty ones and ignores duplicates', () => {
    expect(parseTags(' risk, daily,, risk ,daily ')).toEqual(['risk', 'daily']);
  });

  it('keeps numeric program-rule overrides only; empty means no override', () => {
    expect(numericOverrides({ maxDrawdown: '1750', target: '', resetType: 'abc' })).toEqual({
      maxDrawdown: 1750,
    });
  });
});
