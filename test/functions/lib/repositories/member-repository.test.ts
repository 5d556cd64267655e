import { ZodError } from 'zod';
import { MEMBERSHIP_USERS_LIMIT } from '../../../../shared/membership/membership-user';
import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import { KEY_ATTRIBUTES, memberKeys } from '../../../../functions/lib/db/keys';
import { getItem } from '../../../../functions/lib/db/table';
import { ConflictError } from '../../../../functions/lib/errors';
import { memberRepository } from '../../../../functions/lib/repositories/member-repository';
import { useFreshTable } from '../../../support/fresh-table';

const logins = (users: { login: string }[]) => users.map((user) => user.login);

function expectNoTableAttributes(value: object) {
  for (const name of KEY_ATTRIBUTES) expect(value).not.toHaveProperty(name);
}

describe('memberRepository', () => {
  useFreshTable();

  it('creates a user with a new id, status 1, and a generated password kept only as a hash', async () => {
    const { user, password } = await memberRepository.create({
      login: ' jdoe ',
      email: 'jdoe@example.com',
      name_f: 'Jane',
      pass: '',
    });

    expect(user).toMatchObject({
      login: 'jdoe',
      email: 'jdoe@example.com',
      name_f: 'Jane',
      name_l: '',
      status: 1,
      last_login: null,
    });
    expect(user.user_id).toEqual(expect.any(String));
    expect(user.added).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(user.pass).toMatch(/^scrypt\$/);
    expect(user.pass).not.toContain(password);
    expectNoTableAttributes(user);
    await expect(getItem(memberKeys.member(user.user_id))).resolves.toMatchObject({
      GSI1PK: 'MEMBERS',
      GSI1SK: 'jdoe',
      pass: user.pass,
    });
  });

  it('keeps a given password and status, still only as a hash', async () => {
    const { user, password } = await memberRepository.create({
      login: 'Alice',
      email: 'alice@example.com',
      pass: 'chosen-Pass-1',
      status: 0,
    });

    expect(password).toBe('chosen-Pass-1');
    expect(user.status).toBe(0);
    expect(user.pass).not.toContain('chosen-Pass-1');
  });

  it('refuses a login already taken, whatever its case, as a conflict', async () => {
    await expect(
      memberRepository.create({ login: 'JDOE', email: 'other@example.com' }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(memberRepository.list().then(logins)).resolves.toEqual(['Alice', 'jdoe']);
  });

  it('validates before writing: login and email are required', async () => {
    await expect(memberRepository.create({ login: 'bob', email: '' })).rejects.toBeInstanceOf(
      ZodError,
    );
    await expect(
      memberRepository.create({ login: 'bob', email: 'not-an-email' }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(memberRepository.list().then(logins)).resolves.toEqual(['Alice', 'jdoe']);
  });

  it('lists users in case-insensitive login order', async () => {
    await memberRepository.create({ login: 'bob', email: 'bob@example.com' });

    const users = await memberRepository.list();

    expect(logins(users)).toEqual(['Alice', 'bob', 'jdoe']);
    users.forEach(expectNoTableAttributes);
  });
});

describe('memberRepository.list with more users than the system answers', () => {
  useFreshTable();

  it('answers the first 100 by login', async () => {
    const logins = Array.from(
      { length: 130 },
      (_, index) => `user${String(index).padStart(3, '0')}`,
    );
    await batchPutAll(
      logins.map((login, index) => ({
        ...memberKeys.member(String(index)),
        ...memberKeys.memberIndex(login),
        user_id: String(index),
        login,
        email: `${login}@example.com`,
        status: 1,
      })),
    );

    const users = await memberRepository.list();

    expect(users).toHaveLength(MEMBERSHIP_USERS_LIMIT);
    expect(users.map((user) => user.login)).toEqual(logins.slice(0, MEMBERSHIP_USERS_LIMIT));
  });
});
