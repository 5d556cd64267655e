import { decodeJwt } from 'jose';
import { handler as auth } from '../../../functions/auth/handler';
import { traderUsernameOf } from '../../../functions/lib/membership/trader-users';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { createTestMember } from '../../support/members';
import { TEST_PASSWORD } from '../../support/test-services';

const traderRoute = { method: 'POST', path: '/api/auth/trader' } as const;
const signIn = (login: string) =>
  invoke(auth, httpEvent(traderRoute, { body: { login, password: TEST_PASSWORD } }));

useFreshTable();

/**
 * Each sign-in reset the member's Cognito password, so two at the same moment
 * gave 200 + 500 (a double-click, two tabs, phone and laptop).
 */
describe('parallel sign-ins of one member', () => {
  it('5 at once, first sign-in of the member: all succeed as that member', async () => {
    const member = await createTestMember(TEST_PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => signIn(index % 2 ? member.email : member.login)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.memberId))).toEqual(
      new Set([member.user_id]),
    );
  });

  it('5 at once, a member already provisioned: all succeed, and again after', async () => {
    const member = await createTestMember(TEST_PASSWORD);
    expect((await signIn(member.login)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signIn(member.login)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await signIn(member.email)).status).toBe(200);
  });

  it("names the member's Cognito user by member id, and answers the member's own e-mail", async () => {
    const member = await createTestMember(TEST_PASSWORD);
    const answer = await signIn(member.email);
    expect(answer.body.email).toBe(member.email);
    const claims = Object.fromEntries(
      Object.entries(decodeJwt(answer.body.token)).map(([key, value]) => [
        key,
        Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
      ]),
    );
    expect(claims.email).toBe(traderUsernameOf(member.user_id));
    expect(claims['custom:memberId']).toBe(member.user_id);
    const status = await invoke(
      auth,
      httpEvent({ method: 'GET', path: '/api/auth/status' }, { claims }),
    );
    expect(status.body.user).toMatchObject({ email: member.email, memberId: member.user_id });
  });
});
