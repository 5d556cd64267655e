import { handler } from '../../../functions/auth/handler';
import {
  ACCOUNT_FREE_FAILURES,
  FIRST_LOCK_MS,
  FREE_FAILURES,
  lockAfter,
  loginAttemptRepository,
  MAX_LOCK_MS,
} from '../../../functions/lib/repositories/login-attempt-repository';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { TEST_PASSWORD } from '../../support/test-services';

const loginRoute = { method: 'POST', path: '/api/auth/admin' } as const;
const signIn = (email: string, password: string, sourceIp = '127.0.0.1') => {
  const event = httpEvent(loginRoute, { body: { email, password } });
  event.requestContext.http.sourceIp = sourceIp;
  return invoke(handler, event);
};
const subject = (login: string, source = '127.0.0.1') => ({
  identity: `staff:${login}`,
  label: login,
  source,
});

describe('lockAfter', () => {
  it.each([
    [1, 0],
    [FREE_FAILURES, 0],
    [FREE_FAILURES + 1, FIRST_LOCK_MS],
    [FREE_FAILURES + 2, FIRST_LOCK_MS * 2],
    [FREE_FAILURES + 3, FIRST_LOCK_MS * 4],
    [FREE_FAILURES + 30, MAX_LOCK_MS],
  ])('locks for the right time after %i failures in a row', (failures, lock) => {
    expect(lockAfter(failures)).toBe(lock);
  });
});

/** 30 wrong passwords, then the right one, used to sign in. */
describe('failed sign-ins slow the login down', () => {
  useFreshTable({ perTest: true });

  it('a successful sign-in forgets the failures before it', async () => {
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      await signIn('admin@example.com', `wrong-${attempt}`);
    }
    expect((await signIn('admin@example.com', TEST_PASSWORD)).status).toBe(200);
    // Had the failures stayed, this one would be one too many and lock the login.
    expect((await signIn('admin@example.com', 'wrong-again')).status).toBe(401);

    await expect(loginAttemptRepository.lockedFor(subject('admin@example.com'))).resolves.toBe(0);
    expect((await signIn('admin@example.com', TEST_PASSWORD)).status).toBe(200);
  });

  it('locks a login after repeated failures, and a right password then gets 429 too', async () => {
    const answers = [];
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt += 1) {
      answers.push((await signIn('admin@example.com', `wrong-${attempt}`)).status);
    }
    const right = await signIn('ADMIN@example.com ', TEST_PASSWORD);

    expect(answers).toEqual(Array(FREE_FAILURES + 1).fill(401));
    expect(right.status).toBe(429);
    expect(right.body.error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many failed sign-in attempts. Try again in 30 seconds.',
    });
  });

  it('answers the same for an email that does not exist', async () => {
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt += 1) {
      await signIn('nobody@example.com', `wrong-${attempt}`);
    }

    expect((await signIn('nobody@example.com', 'again')).status).toBe(429);
  });

  it('holds across instances: the lock lives in the table, and lifts when its time is up', async () => {
    const now = Date.now();
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt += 1) {
      await loginAttemptRepository.admit(subject('shared@example.com'), now);
    }
    await loginAttemptRepository.admit(subject('shared@example.com'), now + FIRST_LOCK_MS);

    await expect(
      loginAttemptRepository.lockedFor(subject('shared@example.com'), now + FIRST_LOCK_MS),
    ).resolves.toBe(FIRST_LOCK_MS * 2);
    await expect(
      loginAttemptRepository.lockedFor(subject('shared@example.com'), now + FIRST_LOCK_MS * 3),
    ).resolves.toBe(0);
  });

  it('forgets failures older than a day', async () => {
    const longAgo = Date.now() - 2 * 24 * 60 * 60_000;
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt += 1) {
      await loginAttemptRepository.admit(subject('old@example.com'), longAgo);
    }

    await expect(loginAttemptRepository.admit(subject('old@example.com'))).resolves.toEqual({
      admitted: true,
    });
    await expect(loginAttemptRepository.lockedFor(subject('old@example.com'))).resolves.toBe(0);
  });

  it('clear forgets the failures before it', async () => {
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      await signIn('trader@example.com', `wrong-${attempt}`);
    }
    await loginAttemptRepository.clear(subject('trader@example.com'));

    await loginAttemptRepository.admit(subject('trader@example.com'));
    await expect(loginAttemptRepository.lockedFor(subject('trader@example.com'))).resolves.toBe(0);
  });
});

/** Ten requests from anywhere locked a staff login out for everyone. */
describe('no lock-out by strangers', () => {
  useFreshTable({ perTest: true });

  it('a locked-out address does not lock the staff member out elsewhere', async () => {
    for (let attempt = 0; attempt < FREE_FAILURES + 3; attempt += 1) {
      await signIn('admin@example.com', `wrong-${attempt}`, '203.0.113.66');
    }
    expect((await signIn('admin@example.com', TEST_PASSWORD, '203.0.113.66')).status).toBe(429);
    expect((await signIn('admin@example.com', TEST_PASSWORD, '192.0.2.10')).status).toBe(200);
    // The staff member's success does not lift the stranger's lock.
    expect((await signIn('admin@example.com', 'wrong', '203.0.113.66')).status).toBe(429);
  });

  it('many addresses together reach the account-wide ceiling, which locks every address', async () => {
    const login = 'ceiling@example.com';
    const now = Date.now();
    for (let attempt = 0; attempt < ACCOUNT_FREE_FAILURES + 1; attempt += 1) {
      await expect(
        loginAttemptRepository.admit(subject(login, `198.18.0.${attempt}`), now),
      ).resolves.toEqual({ admitted: true });
    }
    await expect(loginAttemptRepository.admit(subject(login, '198.18.1.1'), now)).resolves.toEqual({
      admitted: false,
      waitMs: FIRST_LOCK_MS,
    });
    const locks = await loginAttemptRepository.listLocks(now);
    expect(locks.find((lock) => lock.login === login)).toMatchObject({
      login,
      kind: 'staff',
      accountLocked: true,
      lockedSources: 0,
    });
  });
});
