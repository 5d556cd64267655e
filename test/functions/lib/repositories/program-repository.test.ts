import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../../functions/lib/aws/dynamodb';
import { programKeys } from '../../../../functions/lib/db/keys';
import { ConflictError, NotFoundError } from '../../../../functions/lib/errors';
import { programRepository } from '../../../../functions/lib/repositories/program-repository';
import { demoPrograms } from '../../../../scripts/demo-data';
import { useFreshTable } from '../../../support/fresh-table';

const program = { ...demoPrograms('2026-01-01T00:00:00.000Z')[0]!, prefix: 'REPO1' };

/** REPO1 at version 2 ("Renamed"), version 1 kept in its history. */
async function savedTwice() {
  await programRepository.create(program);
  await programRepository.saveVersion({ ...program, version: 2, name: 'Renamed' });
}

describe('programRepository', () => {
  useFreshTable({ perTest: true });

  it('creates version 1 as an immutable item and a CURRENT copy listed through GSI1', async () => {
    await programRepository.create(program);

    const version = await dynamoDocumentClient().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: programKeys.version('REPO1', 1) }),
    );
    expect(version.Item).toMatchObject({ prefix: 'REPO1', version: 1, SK: 'VERSION#000001' });
    await expect(programRepository.getCurrent('REPO1')).resolves.toMatchObject({
      prefix: 'REPO1',
      version: 1,
    });
    const listed = await programRepository.listCurrent();
    expect(listed.map((entry) => entry.prefix)).toContain('REPO1');
  });

  it('refuses a second program with the same prefix as a conflict', async () => {
    await programRepository.create(program);

    await expect(programRepository.create({ ...program, name: 'Other' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(programRepository.getCurrent('REPO1')).resolves.toMatchObject({
      name: program.name,
    });
  });

  it('saves a change as the next version and keeps the history', async () => {
    await programRepository.create(program);

    const saved = await programRepository.saveVersion({ ...program, version: 2, name: 'Renamed' });

    expect(saved.version).toBe(2);
    await expect(programRepository.getCurrent('REPO1')).resolves.toMatchObject({
      name: 'Renamed',
      version: 2,
    });
    const history = await programRepository.listVersions('REPO1');
    expect(history.map((entry) => [entry.version, entry.name])).toEqual([
      [1, program.name],
      [2, 'Renamed'],
    ]);
  });

  it('refuses a save from an editor holding a stale version, changing nothing', async () => {
    await savedTwice();

    await expect(
      programRepository.saveVersion({ ...program, version: 2, name: 'Stale' }),
    ).rejects.toThrow(
      new ConflictError(
        'The program was changed by someone else — reload to see the latest version',
      ),
    );
    await expect(
      programRepository.saveVersion({ ...program, version: 4, name: 'Ahead' }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(programRepository.getCurrent('REPO1')).resolves.toMatchObject({
      name: 'Renamed',
      version: 2,
    });
  });

  it('refuses to save or delete a program that does not exist', async () => {
    await expect(
      programRepository.saveVersion({ ...program, prefix: 'NOPE', version: 2 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(programRepository.delete('NOPE')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes from the lists but keeps history; a re-created prefix continues after it', async () => {
    await savedTwice();

    await programRepository.delete('REPO1');

    await expect(programRepository.getCurrent('REPO1')).resolves.toBeUndefined();
    expect((await programRepository.listCurrent()).map((entry) => entry.prefix)).not.toContain(
      'REPO1',
    );
    const recreated = await programRepository.create(program);
    expect(recreated.version).toBe(3);
    expect(await programRepository.listVersions('REPO1')).toHaveLength(3);
  });

  it('completes a creation whose pointer write was lost, without overwriting the version', async () => {
    const orphan = { ...program, prefix: 'REPO2', version: 1 };
    await dynamoDocumentClient().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { ...orphan, ...programKeys.version('REPO2', 1) },
      }),
    );

    await programRepository.create(orphan);

    await expect(programRepository.getCurrent('REPO2')).resolves.toMatchObject({
      prefix: 'REPO2',
      version: 2,
    });
  });

  it('lets one of two editors of the same version win, the other gets a conflict', async () => {
    await programRepository.create({ ...program, prefix: 'REPO3' });

    const results = await Promise.allSettled([
      programRepository.saveVersion({ ...program, prefix: 'REPO3', version: 2, name: 'First' }),
      programRepository.saveVersion({ ...program, prefix: 'REPO3', version: 2, name: 'Second' }),
    ]);

    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    const winner = (won[0] as PromiseFulfilledResult<{ name: string }>).value.name;
    await expect(programRepository.getCurrent('REPO3')).resolves.toMatchObject({
      name: winner,
      version: 2,
    });
    await expect(programRepository.getVersion('REPO3', 2)).resolves.toMatchObject({
      name: winner,
    });
  });

  it('answers a version whose item a crash lost from CURRENT, and the next save restores it', async () => {
    await programRepository.create({ ...program, prefix: 'REPO4' });
    await dynamoDocumentClient().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: {
          ...program,
          prefix: 'REPO4',
          version: 2,
          name: 'Pointer only',
          ...programKeys.current('REPO4'),
          ...programKeys.currentIndex('REPO4'),
        },
      }),
    );

    await expect(programRepository.getVersion('REPO4', 2)).resolves.toMatchObject({
      name: 'Pointer only',
    });
    expect((await programRepository.listVersions('REPO4')).map((entry) => entry.version)).toEqual([
      1, 2,
    ]);
    await programRepository.saveVersion({ ...program, prefix: 'REPO4', version: 3 });

    const stored = await dynamoDocumentClient().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: programKeys.version('REPO4', 2) }),
    );
    expect(stored.Item).toMatchObject({ name: 'Pointer only', version: 2 });
  });

  it('answers undefined for an unknown prefix', async () => {
    await expect(programRepository.getCurrent('NOPE')).resolves.toBeUndefined();
  });
});
