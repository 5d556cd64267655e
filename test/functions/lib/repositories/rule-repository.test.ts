import { ZodError } from 'zod';
import { KEY_ATTRIBUTES, ruleKeys } from '../../../../functions/lib/db/keys';
import { getItem } from '../../../../functions/lib/db/table';
import { ConflictError, NotFoundError } from '../../../../functions/lib/errors';
import {
  ruleRepository,
  type RuleDefinitionInput,
} from '../../../../functions/lib/repositories/rule-repository';
import { useFreshTable } from '../../../support/fresh-table';

function rule(overrides: Partial<RuleDefinitionInput> = {}): RuleDefinitionInput {
  return {
    ruleId: 'drawdown-trailing',
    name: 'Trailing Drawdown',
    description: 'Balance may not fall more than the maximum below its peak',
    action: { type: 'termination', description: 'Fail the account' },
    category: 'drawdown',
    testClassName: 'DrawdownTest',
    testParameters: { maxDrawdown: 2500, resetType: 'trailing' },
    successMessage: 'Within drawdown',
    failureMessage: 'Drawdown of {actual} exceeds {target}',
    ...overrides,
  };
}

const profitTarget = (ruleId: string, name: string, description: string) =>
  rule({
    ruleId,
    name,
    description,
    category: 'profit-target',
    testParameters: { target: 3000, type: 'absolute' },
  });

const ids = (rules: { ruleId: string }[]) => rules.map((entry) => entry.ruleId);

function expectNoTableAttributes(value: object) {
  for (const name of [...KEY_ATTRIBUTES, 'searchName', 'searchDescription']) {
    expect(value).not.toHaveProperty(name);
  }
}

describe('ruleRepository', () => {
  useFreshTable({ perTest: true });

  beforeEach(async () => {
    await ruleRepository.create(rule());
    await ruleRepository.create(profitTarget('target-50k', 'Profit Target 50K', 'Reach $3,000'));
    await ruleRepository.create(
      profitTarget('target-100k', 'Profit Target 100K', 'Reach the TARGET of the larger account'),
    );
    await ruleRepository.create(
      rule({
        ruleId: 'daily-loss-1000',
        name: 'Daily Loss Limit',
        description: 'A day may not lose more than $1,000',
        category: 'daily-loss',
        testParameters: { maxDailyLoss: 1000 },
      }),
    );
  });

  it('creates a rule with its times and defaults, and reads it back without table attributes', async () => {
    const stored = await ruleRepository.get('drawdown-trailing');

    expect(stored).toMatchObject({
      ruleId: 'drawdown-trailing',
      type: 'violation',
      priority: 1,
      enabled: true,
      testParameters: { maxDrawdown: 2500, resetType: 'trailing' },
    });
    expect(stored?.createdAt).toEqual(expect.any(String));
    expect(stored?.updatedAt).toBe(stored?.createdAt);
    expectNoTableAttributes(stored!);
    await expect(getItem(ruleKeys.definition('drawdown-trailing'))).resolves.toMatchObject({
      GSI1PK: 'RULES',
      GSI1SK: 'drawdown#drawdown-trailing',
      searchName: 'trailing drawdown',
    });
  });

  it('answers undefined for an unknown rule', async () => {
    await expect(ruleRepository.get('nope')).resolves.toBeUndefined();
  });

  it('refuses a second rule with the same id as a conflict and keeps the first', async () => {
    await expect(ruleRepository.create(rule({ name: 'Impostor' }))).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(ruleRepository.get('drawdown-trailing')).resolves.toMatchObject({
      name: 'Trailing Drawdown',
    });
  });

  it('validates before writing: an invalid rule is refused and nothing is stored', async () => {
    const invalid = rule({ ruleId: 'bad', testParameters: { maxDrawdown: -1 } });

    await expect(ruleRepository.create(invalid)).rejects.toBeInstanceOf(ZodError);
    await expect(ruleRepository.get('bad')).resolves.toBeUndefined();
  });

  it('lists every rule by category then id', async () => {
    const rules = await ruleRepository.list();

    expect(ids(rules)).toEqual([
      'daily-loss-1000',
      'drawdown-trailing',
      'target-100k',
      'target-50k',
    ]);
    rules.forEach(expectNoTableAttributes);
  });

  it('lists one category exactly', async () => {
    await expect(ruleRepository.list({ category: 'profit-target' }).then(ids)).resolves.toEqual([
      'target-100k',
      'target-50k',
    ]);
    await expect(ruleRepository.list({ category: 'drawdown' }).then(ids)).resolves.toEqual([
      'drawdown-trailing',
    ]);
    await expect(ruleRepository.list({ category: 'consistency' })).resolves.toEqual([]);
  });

  it('searches name or description case-insensitively, alone or within a category', async () => {
    await expect(ruleRepository.list({ search: 'PROFIT target' }).then(ids)).resolves.toEqual([
      'target-100k',
      'target-50k',
    ]);
    await expect(ruleRepository.list({ search: 'target of the' }).then(ids)).resolves.toEqual([
      'target-100k',
    ]);
    await expect(
      ruleRepository.list({ search: ' $1,000 ', category: 'daily-loss' }).then(ids),
    ).resolves.toEqual(['daily-loss-1000']);
    await expect(
      ruleRepository.list({ search: 'loss', category: 'profit-target' }),
    ).resolves.toEqual([]);
    await expect(ruleRepository.list({ search: '   ' }).then(ids)).resolves.toHaveLength(4);
  });

  it('gets many definitions in the order asked, once each, leaving out unknown ids', async () => {
    const rules = await ruleRepository.getMany([
      'target-50k',
      'missing',
      'drawdown-trailing',
      'target-50k',
    ]);

    expect(ids(rules)).toEqual(['target-50k', 'drawdown-trailing']);
    rules.forEach(expectNoTableAttributes);
    await expect(ruleRepository.getMany([])).resolves.toEqual([]);
  });

  it('updates a rule whole, keeping its id and creation time, and moves it to its new category', async () => {
    const before = await ruleRepository.get('target-50k');

    const updated = await ruleRepository.update('target-50k', {
      ...rule({ ruleId: 'ignored', name: 'Consistency 40%', description: 'Best day share' }),
      category: 'consistency',
      testParameters: { minConsistency: 0.4, period: 'daily' },
      createdAt: '1999-01-01T00:00:00Z',
    });

    expect(updated).toMatchObject({
      ruleId: 'target-50k',
      category: 'consistency',
      type: 'benchmark',
      createdAt: before?.createdAt,
    });
    await expect(ruleRepository.get('ignored')).resolves.toBeUndefined();
    await expect(ruleRepository.list({ category: 'consistency' }).then(ids)).resolves.toEqual([
      'target-50k',
    ]);
    await expect(ruleRepository.list({ category: 'profit-target' }).then(ids)).resolves.toEqual([
      'target-100k',
    ]);
    await expect(ruleRepository.list({ search: 'best DAY' }).then(ids)).resolves.toEqual([
      'target-50k',
    ]);
  });

  it('refuses to update a missing rule with a 404 and creates nothing', async () => {
    await expect(ruleRepository.update('ghost', rule())).rejects.toBeInstanceOf(NotFoundError);
    await expect(ruleRepository.get('ghost')).resolves.toBeUndefined();
  });

  it('deletes a rule, and refuses to delete a missing one with a 404', async () => {
    await ruleRepository.delete('daily-loss-1000');

    await expect(ruleRepository.get('daily-loss-1000')).resolves.toBeUndefined();
    await expect(ruleRepository.list({ category: 'daily-loss' })).resolves.toEqual([]);
    await expect(ruleRepository.delete('daily-loss-1000')).rejects.toBeInstanceOf(NotFoundError);
  });
});
