import { handler } from '../../../functions/auth/handler';
import { FREE_FAILURES } from '../../../functions/lib/repositories/login-attempt-repository';
import { loginLocksResponseSchema } from '@shared/auth/login-locks';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { TEST_PASSWORD } from '../../support/test-services';

const signInRoute = { method: 'POST', path: '/api/auth/admin' } as const;
const listRoute = { method: 'GET', path: '/api/auth/locks' } as const;
const clearRoute = { method: 'DELETE', path: '/api/auth/locks/{lockId}' } as const;
const admin = { ...claimsFor('admin', 'staff-2'), email: 'second.admin@example.com' };

const signIn = (password: string, sourceIp: string) => {
  const event = httpEvent(signInRoute, { body: { email: 'admin@example.com', password } });
  event.requestContext.http.sourceIp = sourceIp;
  return invoke(handler, event);
};

useFreshTable();

/** A locked staff login had no unlock in the product. */
describe('staff list and clear sign-in locks', () => {
  it('lists a locked login, clears it (audited), and the login signs in again from that address', async () => {
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt += 1) {
      await signIn(`wrong-${attempt}`, '203.0.113.5');
    }
    expect((await signIn(TEST_PASSWORD, '203.0.113.5')).status).toBe(429);

    const listed = await invoke(handler, httpEvent(listRoute, { claims: admin }));
    expect(listed.status).toBe(200);
    const { locks } = loginLocksResponseSchema.parse(listed.body);
    const lock = locks.find((entry) => entry.login === 'admin@example.com');
    expect(lock).toMatchObject({ kind: 'staff', accountLocked: false, lockedSources: 1 });
    expect(lock?.lockedUntil).toBeGreaterThan(Date.now());

    const cleared = await invoke(
      handler,
      httpEvent(clearRoute, { claims: admin, pathParameters: { lockId: lock?.lockId as string } }),
    );
    expect(cleared).toEqual({ status: 200, body: { success: true } });
    expect((await signIn(TEST_PASSWORD, '203.0.113.5')).status).toBe(200);

    const after = loginLocksResponseSchema.parse(
      (await invoke(handler, httpEvent(listRoute, { claims: admin }))).body,
    );
    expect(after.locks.find((entry) => entry.login === 'admin@example.com')).toBeUndefined();
    expect(after.recentClears[0]).toMatchObject({
      lockId: lock?.lockId,
      login: 'admin@example.com',
      clearedBy: 'second.admin@example.com',
    });
    expect(Date.parse(after.recentClears[0]?.clearedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Clearing it again: nothing is stored for it any more.
    const again = await invoke(
      handler,
      httpEvent(clearRoute, { claims: admin, pathParameters: { lockId: lock?.lockId as string } }),
    );
    expect(again.status).toBe(404);
  });

  it('refuses traders and anonymous callers, and a malformed lock id', async () => {
    for (const claims of [claimsFor('trader'), undefined]) {
      const list = await invoke(handler, httpEvent(listRoute, { claims }));
      expect([401, 403]).toContain(list.status);
      const clear = await invoke(
        handler,
        httpEvent(clearRoute, { claims, pathParameters: { lockId: 'a'.repeat(43) } }),
      );
      expect([401, 403]).toContain(clear.status);
    }
    const malformed = await invoke(
      handler,
      httpEvent(clearRoute, { claims: admin, pathParameters: { lockId: 'not/a-lock' } }),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toContain('lockId');
  });
});
