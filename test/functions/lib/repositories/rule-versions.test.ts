import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../../functions/lib/aws/dynamodb';
import { ruleKeys } from '../../../../functions/lib/db/keys';
import { getItem, tableName } from '../../../../functions/lib/db/table';
import { ConflictError } from '../../../../functions/lib/errors';
import {
  ruleRepository,
  type RuleDefinitionInput,
} from '../../../../functions/lib/repositories/rule-repository';
import { useFreshTable } from '../../../support/fresh-table';

function rule(ruleId: string, overrides: Partial<RuleDefinitionInput> = {}): RuleDefinitionInput {
  return {
    ruleId,
    name: 'Daily Loss',
    description: 'A day may not lose more than the limit',
    action: { type: 'termination', description: 'Fail the account' },
    category: 'daily-loss',
    testClassName: 'DailyLossRule',
    testParameters: { maxDailyLoss: 1000 },
    successMessage: 'Within the daily loss limit',
    failureMessage: 'Lost {actual}, over {target}',
    ...overrides,
  };
}

const withLoss = (ruleId: string, maxDailyLoss: number) =>
  rule(ruleId, { testParameters: { maxDailyLoss } });

/** Decision 36: immutable rule versions plus a current pointer, written conditionally. */
describe('rule versions', () => {
  useFreshTable({ perTest: true });

  it('creates version 1 as an immutable item and the pointer', async () => {
    const created = await ruleRepository.create(rule('loss-a'), 'admin@example.com');

    expect(created).toMatchObject({ ruleVersion: 1, updatedBy: 'admin@example.com' });
    await expect(getItem(ruleKeys.version('loss-a', 1))).resolves.toMatchObject({
      ruleVersion: 1,
      testParameters: { maxDailyLoss: 1000 },
    });
    await expect(getItem(ruleKeys.definition('loss-a'))).resolves.toMatchObject({
      ruleVersion: 1,
      GSI1PK: 'RULES',
    });
  });

  it('saves an edit as the next version and keeps the earlier one unchanged', async () => {
    await ruleRepository.create(rule('loss-b'));
    const saved = await ruleRepository.update('loss-b', withLoss('loss-b', 1500), {
      expectedVersion: 1,
      updatedBy: 'staff@example.com',
    });

    expect(saved).toMatchObject({ ruleVersion: 2, updatedBy: 'staff@example.com' });
    await expect(ruleRepository.get('loss-b')).resolves.toMatchObject({
      ruleVersion: 2,
      testParameters: { maxDailyLoss: 1500 },
    });
    await expect(ruleRepository.getVersion('loss-b', 1)).resolves.toMatchObject({
      ruleVersion: 1,
      testParameters: { maxDailyLoss: 1000 },
    });
    const versions = await ruleRepository.listVersions('loss-b');
    expect(versions.map((entry) => entry.ruleVersion)).toEqual([1, 2]);
    const pinned = await ruleRepository.getVersions([
      { ruleId: 'loss-b', ruleVersion: 1 },
      { ruleId: 'loss-b', ruleVersion: 2 },
    ]);
    expect(pinned.get('loss-b#1')?.testParameters).toEqual({ maxDailyLoss: 1000 });
    expect(pinned.get('loss-b#2')?.testParameters).toEqual({ maxDailyLoss: 1500 });
  });

  it('answers the definitions a phase judges with: pinned versions, the current one when unpinned', async () => {
    await ruleRepository.create(rule('loss-a'));
    await ruleRepository.create(rule('loss-b'));
    await ruleRepository.update('loss-b', withLoss('loss-b', 1500), { expectedVersion: 1 });

    const rules = await ruleRepository.forReferences([
      { ruleId: 'loss-b', ruleVersion: 1 },
      { ruleId: 'loss-a' },
      { ruleId: 'missing', ruleVersion: 1 },
    ]);

    expect(rules.map((entry) => [entry.ruleId, entry.ruleVersion])).toEqual([
      ['loss-b', 1],
      ['loss-a', 1],
    ]);
    expect(rules[0]?.testParameters).toEqual({ maxDailyLoss: 1000 });
  });

  it('refuses (409) a save over a newer version than the editor loaded, writing nothing', async () => {
    await ruleRepository.create(rule('loss-c'));
    await ruleRepository.update('loss-c', withLoss('loss-c', 1200), { expectedVersion: 1 });

    await expect(
      ruleRepository.update('loss-c', withLoss('loss-c', 900), { expectedVersion: 1 }),
    ).rejects.toThrow(ConflictError);
    await expect(ruleRepository.get('loss-c')).resolves.toMatchObject({
      ruleVersion: 2,
      testParameters: { maxDailyLoss: 1200 },
    });
    await expect(getItem(ruleKeys.version('loss-c', 3))).resolves.toBeUndefined();
  });

  it('lets one of two concurrent editors of the same version win', async () => {
    await ruleRepository.create(rule('loss-d'));
    const results = await Promise.allSettled([
      ruleRepository.update('loss-d', withLoss('loss-d', 1100)),
      ruleRepository.update('loss-d', withLoss('loss-d', 1300)),
    ]);

    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    const current = await ruleRepository.get('loss-d');
    expect(current?.ruleVersion).toBe(2);
    await expect(ruleRepository.getVersion('loss-d', 2)).resolves.toEqual(current);
  });

  it('answers an unchanged save (a retry) with the current version and writes nothing', async () => {
    await ruleRepository.create(rule('loss-e'));
    const first = await ruleRepository.update('loss-e', withLoss('loss-e', 1400), {
      expectedVersion: 1,
    });
    const retry = await ruleRepository.update('loss-e', withLoss('loss-e', 1400), {
      expectedVersion: 1,
    });

    expect(retry).toEqual(first);
    await expect(getItem(ruleKeys.version('loss-e', 3))).resolves.toBeUndefined();
  });

  it('versions a rule saved before versioning: it is version 1, and its next save keeps it', async () => {
    const created = await ruleRepository.create(rule('loss-legacy'));
    // A definition as stored before decision 36: no ruleVersion, no version item.
    const { ruleVersion: _v, ...legacy } = (await getItem(ruleKeys.definition('loss-legacy')))!;
    await dynamoDocumentClient().send(new PutCommand({ TableName: tableName(), Item: legacy }));
    await dynamoDocumentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: ruleKeys.version('loss-legacy', 1) }),
    );

    await expect(ruleRepository.get('loss-legacy')).resolves.toMatchObject({ ruleVersion: 1 });
    await expect(ruleRepository.getVersion('loss-legacy', 1)).resolves.toMatchObject({
      testParameters: created.testParameters,
    });
    const saved = await ruleRepository.update('loss-legacy', withLoss('loss-legacy', 800), {
      expectedVersion: 1,
    });

    expect(saved.ruleVersion).toBe(2);
    await expect(getItem(ruleKeys.version('loss-legacy', 1))).resolves.toMatchObject({
      ruleVersion: 1,
      testParameters: { maxDailyLoss: 1000 },
    });
  });

  it('starts a re-created id after the versions of the deleted rule', async () => {
    await ruleRepository.create(rule('loss-f'));
    await ruleRepository.update('loss-f', withLoss('loss-f', 700));
    await ruleRepository.delete('loss-f');

    const again = await ruleRepository.create(rule('loss-f'));

    expect(again.ruleVersion).toBe(3);
    await expect(ruleRepository.getVersion('loss-f', 2)).resolves.toMatchObject({
      testParameters: { maxDailyLoss: 700 },
    });
    await expect(ruleRepository.create(rule('loss-f'))).rejects.toThrow(ConflictError);
  });
});
