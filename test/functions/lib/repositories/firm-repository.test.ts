import { ZodError } from 'zod';
import type { FirmSaveBodyInput } from '@shared/firms/firm';
import { firmKeys, KEY_ATTRIBUTES } from '../../../../functions/lib/db/keys';
import { getItem } from '../../../../functions/lib/db/table';
import { ConflictError, NotFoundError } from '../../../../functions/lib/errors';
import { firmRepository } from '../../../../functions/lib/repositories/firm-repository';
import { useFreshTable } from '../../../support/fresh-table';

function firm(overrides: Partial<FirmSaveBodyInput> = {}): FirmSaveBodyInput {
  return {
    id: 'apex',
    name: 'Apex Trading',
    industry: 'Proprietary trading',
    email: 'ops@apex.example',
    ...overrides,
  };
}

const withSecrets = firm({
  id: 'secret-co',
  name: 'Secret Co',
  brokers: [
    {
      name: 'Rithmic',
      mgrAccount: [{ accountType: 'IB', username: 'ib-user', password: 'ib-p@ss' }],
    },
  ],
  managerSoftware: { name: 'R|Trader', username: 'mgr', password: 'mgr-s3cret' },
  stripeKeys: { secret: 'sk_test_123' },
});

const ids = (firms: { id: string }[]) => firms.map((entry) => entry.id);

function expectNoTableAttributes(value: object) {
  for (const name of [...KEY_ATTRIBUTES, 'searchName']) expect(value).not.toHaveProperty(name);
}

describe('firmRepository', () => {
  useFreshTable({ perTest: true });

  beforeEach(async () => {
    await firmRepository.create(firm());
    await firmRepository.create(
      firm({ id: 'bravo', name: 'bravo futures', status: 'inactive', email: 'desk@bravo.example' }),
    );
    await firmRepository.create(
      firm({ id: 'charlie', name: 'Charlie Capital', email: 'ops@charlie.example' }),
    );
    await firmRepository.create(
      firm({ id: 'delta', name: 'Delta Apex', status: 'suspended', email: 'risk@delta.example' }),
    );
  });

  it('creates a firm with status active by default and its times', async () => {
    const stored = await firmRepository.get('apex');

    expect(stored).toMatchObject({ id: 'apex', status: 'active', brokers: [], payoutKeys: {} });
    expect(stored?.createdAt).toEqual(expect.any(String));
    expect(stored?.updatedAt).toBe(stored?.createdAt);
    expectNoTableAttributes(stored!);
    await expect(getItem(firmKeys.profile('apex'))).resolves.toMatchObject({
      GSI1PK: 'FIRMS#active',
      GSI1SK: 'apex trading#apex',
    });
  });

  it('keeps the passwords and keys of brokers and manager software, for staff', async () => {
    await firmRepository.create(withSecrets);

    const stored = await firmRepository.get('secret-co');

    expect(stored?.brokers[0]?.mgrAccount[0]).toMatchObject({
      username: 'ib-user',
      password: 'ib-p@ss',
    });
    expect(stored?.managerSoftware).toEqual([
      { name: 'R|Trader', username: 'mgr', password: 'mgr-s3cret', apiKeys: {} },
    ]);
    expect(stored?.stripeKeys).toEqual({ secret: 'sk_test_123' });
  });

  it('answers undefined for an unknown firm', async () => {
    await expect(firmRepository.get('nope')).resolves.toBeUndefined();
  });

  it('refuses a second firm with the same id as a conflict and keeps the first', async () => {
    await expect(firmRepository.create(firm({ name: 'Other' }))).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(firmRepository.get('apex')).resolves.toMatchObject({ name: 'Apex Trading' });
  });

  it('validates before writing: a firm without email is refused and nothing is stored', async () => {
    await expect(firmRepository.create(firm({ id: 'no-mail', email: '' }))).rejects.toBeInstanceOf(
      ZodError,
    );
    await expect(firmRepository.get('no-mail')).resolves.toBeUndefined();
  });

  it('lists one status, and every status merged in case-insensitive name order', async () => {
    await expect(firmRepository.list({ status: 'active' }).then(ids)).resolves.toEqual([
      'apex',
      'charlie',
    ]);
    await expect(firmRepository.list({ status: 'suspended' }).then(ids)).resolves.toEqual([
      'delta',
    ]);
    const all = await firmRepository.list();
    expect(ids(all)).toEqual(['apex', 'bravo', 'charlie', 'delta']);
    all.forEach(expectNoTableAttributes);
  });

  it('counts firms by status', async () => {
    await expect(firmRepository.countByStatus()).resolves.toEqual({
      total: 4,
      active: 2,
      inactive: 1,
      suspended: 1,
    });
  });

  it('searches names, ids and e-mails by case-insensitive substring across every status', async () => {
    await expect(firmRepository.search('APEX').then(ids)).resolves.toEqual(['apex', 'delta']);
    await expect(firmRepository.search('RISK@').then(ids)).resolves.toEqual(['delta']);
    await expect(firmRepository.search('Bravo F').then(ids)).resolves.toEqual(['bravo']);
    await expect(firmRepository.search('capital').then(ids)).resolves.toEqual(['charlie']);
    await expect(firmRepository.search('zulu')).resolves.toEqual([]);
    await expect(firmRepository.search('  ').then(ids)).resolves.toHaveLength(4);
    (await firmRepository.search('a')).forEach(expectNoTableAttributes);
  });

  it('replaces a firm, keeping id and creation time; a new status and name move it in GSI1', async () => {
    const before = await firmRepository.get('charlie');

    const replaced = await firmRepository.replace(
      'charlie',
      firm({ id: 'ignored', name: 'Zulu Markets', status: 'suspended' }),
    );

    expect(replaced).toMatchObject({ id: 'charlie', name: 'Zulu Markets', status: 'suspended' });
    expect(replaced.createdAt).toBe(before?.createdAt);
    await expect(firmRepository.get('ignored')).resolves.toBeUndefined();
    await expect(firmRepository.list({ status: 'active' }).then(ids)).resolves.toEqual(['apex']);
    await expect(firmRepository.list({ status: 'suspended' }).then(ids)).resolves.toEqual([
      'delta',
      'charlie',
    ]);
    // The old name no longer matches; the id still does (the search matches name, id and e-mail).
    await expect(firmRepository.search('capital')).resolves.toEqual([]);
    await expect(firmRepository.search('charlie').then(ids)).resolves.toEqual(['charlie']);
    await expect(firmRepository.search('zulu').then(ids)).resolves.toEqual(['charlie']);
    await expect(firmRepository.countByStatus()).resolves.toMatchObject({
      active: 1,
      suspended: 2,
    });
  });

  it('refuses to replace a missing firm with a 404 and creates nothing', async () => {
    await expect(firmRepository.replace('ghost', firm({ id: 'ghost' }))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(firmRepository.get('ghost')).resolves.toBeUndefined();
  });

  it('deletes a firm, and refuses to delete a missing one with a 404', async () => {
    await firmRepository.delete('bravo');

    await expect(firmRepository.get('bravo')).resolves.toBeUndefined();
    await expect(firmRepository.list({ status: 'inactive' })).resolves.toEqual([]);
    await expect(firmRepository.delete('bravo')).rejects.toBeInstanceOf(NotFoundError);
  });
});
