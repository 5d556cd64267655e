import { decodeJwt } from 'jose';
import { handler as amember } from '../../../functions/amember/handler';
import { handler as auth } from '../../../functions/auth/handler';
import { membershipClient } from '../../../functions/lib/membership/client';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import { routes, type RouteDefinition } from '@shared/api/routes';
import { TRADER_SIGN_IN_FAILED } from '@shared/membership/trader-login';
import { putItem } from '../../../functions/lib/db/table';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { TEST_PASSWORD } from '../../support/test-services';
import { traderSchema } from '@shared/traders/trader';

const route = (method: string, path: string) =>
  routes.find((entry) => entry.method === method && entry.path === path) as RouteDefinition;

const traderSignIn = route('POST', '/api/auth/trader');
const staffSignIn = route('POST', '/api/auth/admin');
const status = route('GET', '/api/auth/status');
const clientLogin = route('POST', '/api/amember/client-login');
const users = route('GET', '/api/amember/users');
const createUser = route('POST', '/api/amember/users');
const rithmicPassword = route('GET', '/api/amember/users/{userId}/rithmic-password');
const syncStatus = route('GET', '/api/amember/sync-status');
const sync = route('POST', '/api/amember/sync');
const config = route('GET', '/api/amember/config');

const admin = claimsFor('admin');

/** The verified claims of a token, as API Gateway's authorizer hands them to the handler. */
function claimsOf(token: string): Record<string, string> {
  const claims = decodeJwt(token);
  return Object.fromEntries(
    Object.entries(claims).map(([key, value]) => [
      key,
      Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
    ]),
  );
}

describe('membership client against the stand-in', () => {
  it('lists with _count/_page/_filter and the indexed answer with _total', async () => {
    const page = await membershipClient.listUsers({ count: 1, filter: { login: 'TRADER' } });
    expect(page.total).toBe(1);
    expect(page.users[0]).toMatchObject({ login: 'trader', email: 'trader@example.com' });
    const empty = await membershipClient.listUsers({ count: 5, page: 3 });
    expect(empty.users).toEqual([]);
  });

  it('checks a login or an email with a password', async () => {
    await expect(membershipClient.checkLogin('trader', TEST_PASSWORD)).resolves.toMatchObject({
      ok: true,
    });
    await expect(
      membershipClient.checkLogin('TRADER@example.com', TEST_PASSWORD),
    ).resolves.toMatchObject({ ok: true, user: { rithmic_user_id: 'TR000001' } });
    await expect(membershipClient.checkLogin('trader', 'wrong')).resolves.toEqual({ ok: false });
    await expect(membershipClient.checkLogin('nobody@example.com', 'x')).resolves.toEqual({
      ok: false,
    });
  });

  it('turns a wrong key into a 502 and an unreachable system into a 502, never its body', async () => {
    const key = process.env.MEMBERSHIP_API_KEY;
    const url = process.env.MEMBERSHIP_API_URL;
    try {
      process.env.MEMBERSHIP_API_KEY = 'wrong-key';
      await expect(membershipClient.listUsers()).rejects.toMatchObject({
        statusCode: 502,
        message: 'The membership system refused the API key',
      });
      process.env.MEMBERSHIP_API_KEY = key;
      process.env.MEMBERSHIP_API_URL = 'http://127.0.0.1:9';
      const answer = await invoke(amember, httpEvent(users, { claims: admin }));
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toBe('The membership system cannot be reached');
    } finally {
      process.env.MEMBERSHIP_API_KEY = key;
      process.env.MEMBERSHIP_API_URL = url;
    }
  });
});

describe('trader sign-in, access and the staff membership routes', () => {
  useFreshTable();

  beforeEach(async () => {
    await putItem(
      traderRepository.itemOf(
        traderSchema.parse({
          traderId: 'TR000001',
          firstName: 'Demo',
          lastName: 'Trader',
          username: 'trader',
          email: 'trader@example.com',
        }),
      ),
    );
  });

  it('signs the demo member in as trader TR000001 with the trader id in the token', async () => {
    const answer = await invoke(
      auth,
      httpEvent(traderSignIn, { body: { login: 'trader', password: TEST_PASSWORD } }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ role: 'trader', traderId: 'TR000001', memberId: '1' });
    // The member's broker user id, which the trader area keeps as `rithmic_user_id`.
    expect(answer.body.rithmicUserId).toBe('TR000001');
    const claims = claimsOf(answer.body.token);
    expect(claims['custom:traderId']).toBe('TR000001');
    expect(claims['cognito:groups']).toContain('trader');

    const me = await invoke(auth, httpEvent(status, { claims }));
    expect(me.body).toMatchObject({
      isAuthenticated: true,
      user: { role: { name: 'trader' }, traderId: 'TR000001', memberId: '1' },
      amemberSession: { isLoggedIn: true, user: { login: 'trader' } },
    });
    const check = await invoke(amember, httpEvent(clientLogin, { claims }));
    expect(check.body).toEqual({
      success: true,
      isLoggedIn: true,
      data: {
        user: { user_id: '1', email: 'trader@example.com', login: 'trader' },
        sessionId: null,
      },
    });
    // The membership session's cookie, sent along (credentials included), is never echoed: the
    // REST API cannot verify it, and the answer would expose an HttpOnly session id to scripts.
    const withCookie = await invoke(amember, {
      ...httpEvent(clientLogin, { claims }),
      cookies: ['PHPSESSID=membership-session', 'amember_sid=membership-session'],
    });
    expect(withCookie.body.data).toEqual(check.body.data);
    expect(JSON.stringify(withCookie.body)).not.toContain('membership-session');
    // A forged user_id in the query gains nothing: the claims decide.
    const forged = await invoke(
      amember,
      httpEvent(clientLogin, { claims: { ...claimsFor('admin') }, query: { user_id: '1' } }),
    );
    expect(forged.body.isLoggedIn).toBe(false);

    // Staff sign-in still refuses the trader, with the staff message.
    const staff = await invoke(
      auth,
      httpEvent(staffSignIn, { body: { email: 'trader@example.com', password: TEST_PASSWORD } }),
    );
    expect(staff.status).toBe(401);
  });

  it('answers one 401 for a wrong password or an unknown login, then locks the login', async () => {
    const attempt = (login: string, password: string) =>
      invoke(auth, httpEvent(traderSignIn, { body: { login, password } }));
    const wrong = await attempt('trader@example.com', 'wrong-password');
    const unknown = await attempt('nobody', 'wrong-password');
    expect(wrong).toEqual(unknown.status === 401 ? { ...unknown, body: wrong.body } : wrong);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(TRADER_SIGN_IN_FAILED);
    expect(unknown.body.error.message).toBe(TRADER_SIGN_IN_FAILED);
    let last = wrong;
    for (let i = 0; i < 10 && last.status !== 429; i += 1) {
      last = await attempt('lock-me', 'wrong-password');
    }
    expect(last.status).toBe(429);
    // Locked: even a right password is refused without asking the membership system.
    const right = await attempt('lock-me', TEST_PASSWORD);
    expect(right.status).toBe(429);
  });

  it('lists users without passwords, reveals a Rithmic password to staff, creates users', async () => {
    const list = await invoke(amember, httpEvent(users, { claims: admin }));
    expect(list.status).toBe(200);
    const first = list.body.data.users[0];
    expect(first._total).toBeGreaterThanOrEqual(1);
    expect(first['0']).toMatchObject({ login: 'trader', has_rithmic_passwd: true });
    expect(first['0']).not.toHaveProperty('pass');
    expect(first['0']).not.toHaveProperty('rithmic_passwd');
    const reveal = await invoke(
      amember,
      httpEvent(rithmicPassword, { claims: admin, pathParameters: { userId: '1' } }),
    );
    expect(reveal.body.data.rithmic_passwd).toBe('Rithmic-Demo-1');
    const asTrader = await invoke(
      amember,
      httpEvent(rithmicPassword, { claims: claimsFor('trader'), pathParameters: { userId: '1' } }),
    );
    expect(asTrader.status).toBe(403);

    const missing = await invoke(
      amember,
      httpEvent(createUser, { claims: admin, body: { login: 'x' } }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('Login and email are required');

    const login = `member${Date.now()}`;
    const created = await invoke(
      amember,
      httpEvent(createUser, {
        claims: admin,
        body: { login, email: `${login}@example.com`, name_f: 'New', name_l: 'Member' },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data.user).toMatchObject({ login, status: 1 });
    const generated = created.body.data.generatedPassword as string;
    expect(generated.length).toBeGreaterThan(10);
    const again = await invoke(
      amember,
      httpEvent(createUser, { claims: admin, body: { login, email: `${login}@example.com` } }),
    );
    expect(again.status).toBe(409);

    // Sync status, manual sync, then the new member signs in with the generated password.
    const email = `${login}@example.com`;
    const before = await invoke(
      amember,
      httpEvent(syncStatus, { claims: admin, query: { email } }),
    );
    expect(before.body).toMatchObject({ isSynced: false, hasRithmicUser: false });
    const wrongPassword = await invoke(
      amember,
      httpEvent(sync, { claims: admin, body: { email, password: 'not-it' } }),
    );
    expect(wrongPassword.status).toBe(400);
    const synced = await invoke(
      amember,
      httpEvent(sync, { claims: admin, body: { email, password: generated } }),
    );
    expect(synced.body).toMatchObject({ success: true, isSynced: true, hasAmemberPassword: true });
    const signIn = await invoke(
      auth,
      httpEvent(traderSignIn, { body: { login: email, password: generated } }),
    );
    expect(signIn.status).toBe(200);
    expect(signIn.body.traderId).toBe('');
    // A member without a trading record reads no trader's data.
    const claims = claimsOf(signIn.body.token);
    expect(claims['custom:traderId'] ?? '').toBe('');
  });

  it('gives the SPA the membership and tool URLs', async () => {
    const answer = await invoke(amember, httpEvent(config));
    expect(answer.status).toBe(200);
    expect(answer.body.loginUrl).toBe(`${process.env.MEMBERSHIP_API_URL}/login`);
    expect(answer.body.tools.tradechat).toMatch(/\/chat$/);
  });
});
