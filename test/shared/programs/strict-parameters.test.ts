import { parameterIssues, ruleBodySchema } from '@shared/programs/rule-body';
import { referenceIssues } from '@shared/programs/phase-rule-check';
import * as z from 'zod';
import { ruleDefinitionSchema } from '@shared/rules/rule-definition';
import { ruleParametersInputSchemas } from '@shared/rules/rule-parameters';
import { demoPrograms, demoRules } from '../../../scripts/demo-data';

/** Every nested object of rule parameters refuses a key it does not take. */

const news = {
  newsEvents: [{ title: 'CPI', date: '2026-03-11', time: '08:30', timezone: 'Central' }],
  bufferMinutes: 2,
};
const fieldsOf = (issues: { path: (string | number)[] }[]) =>
  issues.map((issue) => issue.path.join('.'));

describe('strict nested rule parameters', () => {
  it('refuses a misspelt key of a news event, naming its path', () => {
    const issues = parameterIssues('news-trading', {
      ...news,
      newsEvents: [{ ...news.newsEvents[0], timeZone: 'Central' }],
    });

    expect(fieldsOf(issues)).toEqual(['newsEvents.0.timeZone']);
    expect(issues[0]!.message).toMatch(/timeZone/);
  });

  it('refuses a misspelt key of an instrument entry in every category that lists them', () => {
    const entry = { symbol: 'MES', positionFactr: 0.1 };

    expect(
      fieldsOf(parameterIssues('position-size', { maxPositionSize: 5, instruments: [entry] })),
    ).toEqual(['instruments.0.positionFactr']);
    expect(fieldsOf(parameterIssues('instruments', { allowedInstruments: ['ES', entry] }))).toEqual(
      ['allowedInstruments.1.positionFactr'],
    );
    expect(
      fieldsOf(
        parameterIssues('overnight-holding', { closeTime: '15:10', allowedInstruments: [entry] }),
      ),
    ).toEqual(['allowedInstruments.0.positionFactr']);
  });

  it('makes every object nested in any category’s input parameters strict', () => {
    const nestedObjects: { at: string; strict: boolean }[] = [];
    const walk = (schema: z.core.$ZodType, at: string, depth: number): void => {
      const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
      if (def.type === 'object') {
        if (depth > 0)
          nestedObjects.push({
            at,
            strict: (def.catchall as z.ZodType | undefined)?._zod.def.type === 'never',
          });
        for (const [key, child] of Object.entries(def.shape as Record<string, z.core.$ZodType>))
          walk(child, `${at}.${key}`, depth + 1);
      } else if (def.type === 'array') walk(def.element as z.core.$ZodType, `${at}[]`, depth);
      else if (def.type === 'union')
        (def.options as z.core.$ZodType[]).forEach((option) => walk(option, at, depth));
      else if (['optional', 'default', 'nullable', 'prefault'].includes(def.type))
        walk(def.innerType as z.core.$ZodType, at, depth);
      else if (def.type === 'pipe') walk(def.in as z.core.$ZodType, at, depth);
    };
    for (const [category, schema] of Object.entries(ruleParametersInputSchemas)) {
      walk(schema, category, 0);
    }

    expect(nestedObjects.map((entry) => entry.at).sort()).toEqual([
      'instruments.allowedInstruments[]',
      'news-trading.newsEvents[]',
      'overnight-holding.allowedInstruments[]',
      'position-size.instruments[]',
    ]);
    expect(nestedObjects.filter((entry) => !entry.strict)).toEqual([]);
  });

  it('names every unknown key of one object', () => {
    const issues = parameterIssues('news-trading', {
      ...news,
      newsEvents: [{ ...news.newsEvents[0], tz: 'UTC', when: 'now' }],
    });

    expect(fieldsOf(issues)).toEqual(['newsEvents.0.tz', 'newsEvents.0.when']);
    expect(issues[0]!.message).toBe(
      'newsEvents.0.tz: unknown key tz (it takes title, date, time, timezone, instruments)',
    );
  });

  it('keeps the shorthand symbol entries and well-formed nested objects', () => {
    expect(parameterIssues('news-trading', news)).toEqual([]);
    expect(
      parameterIssues('instruments', {
        allowedInstruments: ['ES', { symbol: 'MES', positionFactor: 0.1, allowed: true }],
      }),
    ).toEqual([]);
  });

  it('refuses an unknown nested key in a rule body under testParameters', () => {
    const parsed = ruleBodySchema.safeParse({
      ruleId: 'news-1',
      name: 'News',
      description: 'News blackout',
      type: 'violation',
      category: 'news-trading',
      action: { type: 'warning', description: 'Warns' },
      testClassName: 'NewsTradingRule',
      testParameters: { ...news, newsEvents: [{ ...news.newsEvents[0], timeZone: 'Central' }] },
      successMessage: 'OK',
      failureMessage: 'Failed',
    });

    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toEqual([
      'testParameters.newsEvents.0.timeZone',
    ]);
  });

  it('judges an override by its own keys only: a stored rule with an unknown nested key does not block other overrides', () => {
    const stored = ruleDefinitionSchema.parse({
      ruleId: 'size',
      name: 'Size',
      description: 'Size',
      category: 'position-size',
      action: { type: 'termination', description: 'Fails' },
      testClassName: 'PositionSizeRule',
      testParameters: { maxPositionSize: 5, instruments: [{ symbol: 'MES', positionFactor: 0.1 }] },
      successMessage: 'OK',
      failureMessage: 'Failed',
    });
    const legacy = {
      ...stored,
      testParameters: {
        ...stored.testParameters,
        instruments: [{ symbol: 'MES', positionFactor: 0.1, legacyKey: 1 }],
      },
    };

    expect(
      referenceIssues({ ruleId: 'size', parameterOverrides: { maxPositionSize: 3 } }, legacy),
    ).toEqual([]);
    expect(
      referenceIssues(
        {
          ruleId: 'size',
          parameterOverrides: { instruments: [{ symbol: 'MES', positionFactr: 0.1 }] },
        },
        legacy,
      ).map((issue) => issue.field),
    ).toEqual(['parameterOverrides.instruments.0.positionFactr']);
  });

  it('reads a stored rule with an unknown nested key as stored (strictness is for input)', () => {
    const read = ruleDefinitionSchema.parse({
      ruleId: 'legacy-news',
      name: 'News',
      description: 'News',
      category: 'news-trading',
      action: { type: 'warning', description: 'Warns' },
      testClassName: 'NewsTradingRule',
      testParameters: { ...news, newsEvents: [{ ...news.newsEvents[0], timeZone: 'Pacific' }] },
      successMessage: 'OK',
      failureMessage: 'Failed',
    });

    // Shown as stored, so staff see the misspelt key; saving it as it is then names the path.
    expect(read.testParameters.newsEvents).toEqual([
      { ...news.newsEvents[0], timeZone: 'Pacific' },
    ]);
    expect(parameterIssues('news-trading', read.testParameters).map((issue) => issue.path)).toEqual(
      [['newsEvents', 0, 'timeZone']],
    );
  });

  it('accepts every demo rule and every demo program override as input', () => {
    const rules = demoRules('2026-01-01T00:00:00.000Z');
    const byId = new Map(rules.map((rule) => [rule.ruleId, rule]));
    for (const rule of rules) {
      expect([rule.ruleId, parameterIssues(rule.category, rule.testParameters)]).toEqual([
        rule.ruleId,
        [],
      ]);
    }
    for (const program of demoPrograms('2026-01-01T00:00:00.000Z')) {
      for (const phase of program.phases) {
        for (const reference of phase.rules.rules) {
          expect(referenceIssues(reference, byId.get(reference.ruleId))).toEqual([]);
        }
      }
    }
  });
});
