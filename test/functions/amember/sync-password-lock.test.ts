import { handler as amember } from '../../../functions/amember/handler';
import { handler as auth } from '../../../functions/auth/handler';
import { membershipClient } from '../../../functions/lib/membership/client';
import { FREE_FAILURES } from '../../../functions/lib/repositories/login-attempt-repository';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { createTestMember } from '../../support/members';
import { TEST_PASSWORD } from '../../support/test-services';

const syncRoute = { method: 'POST', path: '/api/amember/sync' } as const;
const traderRoute = { method: 'POST', path: '/api/auth/trader' } as const;
const admin = claimsFor('admin');

useFreshTable();

/**
 * `POST /api/amember/sync` with a password was an unlimited password oracle for
 * any staff session. Its checks now count against the member's sign-in lock.
 */
describe('POST /api/amember/sync password checks', () => {
  it('lock the member after the free failures; the right password then gets 429 too', async () => {
    const member = await createTestMember(TEST_PASSWORD);
    const sync = (password: string) =>
      invoke(
        amember,
        httpEvent(syncRoute, { claims: admin, body: { email: member.email, password } }),
      );
    const statuses = [];
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt += 1) {
      statuses.push((await sync(`wrong-${attempt}`)).status);
    }
    expect(statuses).toEqual(Array(FREE_FAILURES + 1).fill(400));

    const check = jest.spyOn(membershipClient, 'checkLogin');
    try {
      const right = await sync(TEST_PASSWORD);
      expect(right.status).toBe(429);
      // The member's own sign-in from the same address is locked by the same count.
      const signIn = await invoke(
        auth,
        httpEvent(traderRoute, { body: { login: member.login, password: TEST_PASSWORD } }),
      );
      expect(signIn.status).toBe(429);
      expect(check).not.toHaveBeenCalled();
    } finally {
      check.mockRestore();
    }
  });

  it('a right password clears the count', async () => {
    const member = await createTestMember(TEST_PASSWORD);
    const sync = (password: string) =>
      invoke(
        amember,
        httpEvent(syncRoute, { claims: admin, body: { email: member.email, password } }),
      );
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      expect((await sync(`wrong-${attempt}`)).status).toBe(400);
    }
    expect((await sync(TEST_PASSWORD)).status).toBe(200);
    expect((await sync('wrong-again')).status).toBe(400);
    expect((await sync('wrong-again')).status).toBe(400);
  });
});
