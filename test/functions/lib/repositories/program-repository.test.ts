import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../../functions/lib/aws-clients';
import { programKeys } from '../../../../functions/lib/db/keys';
import { ConflictError, NotFoundError } from '../../../../functions/lib/errors';
import { programRepository } from '../../../../functions/lib/repositories/program-repository';
import { demoPrograms } from '../../../../scripts/demo-data';
import { useFreshTable } from '../../../support/fresh-table';

const program = { ...demoPrograms('2026-01-01T00:00:00.000Z')[0]!, prefix: 'REPO1' };

describe('programRepository', () => {
  useFreshTable();

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
    await expect(programRepository.create({ ...program, name: 'Other' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(programRepository.getCurrent('REPO1')).resolves.toMatchObject({
      name: program.name,
    });
  });

  it('saves a change as the next version and keeps the history', async () => {
    const saved = await programRepository.saveVersion({ ...program, version: 1, name: 'Renamed' });

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
    await expect(
      programRepository.saveVersion({ ...program, version: 1, name: 'Stale' }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(programRepository.getCurrent('REPO1')).resolves.toMatchObject({
      name: 'Renamed',
      version: 2,
    });
  });

  it('refuses to save or delete a program that does not exist', async () => {
    await expect(
      programRepository.saveVersion({ ...program, prefix: 'NOPE', version: 1 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(programRepository.delete('NOPE')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes from the lists but keeps history; a re-created prefix continues after it', async () => {
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

  it('answers undefined for an unknown prefix', async () => {
    await expect(programRepository.getCurrent('NOPE')).resolves.toBeUndefined();
  });
});
