import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../functions/lib/aws-clients';
import { programKeys } from '../../../functions/lib/db/keys';
import { ConflictError } from '../../../functions/lib/errors';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { DEMO_PROGRAMS } from '../../../scripts/local-stack/demo-programs';
import { useFreshTable } from '../../support/fresh-table';

const program = { ...DEMO_PROGRAMS[0]!, prefix: 'REPO1' };

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

  it('completes a creation whose pointer write was lost', async () => {
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const orphan = { ...program, prefix: 'REPO2', version: 1 };
    await dynamoDocumentClient().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { ...orphan, ...programKeys.version('REPO2', 1) },
      }),
    );

    await programRepository.create(orphan);

    await expect(programRepository.getCurrent('REPO2')).resolves.toMatchObject({ prefix: 'REPO2' });
  });

  it('answers undefined for an unknown prefix', async () => {
    await expect(programRepository.getCurrent('NOPE')).resolves.toBeUndefined();
  });
});
