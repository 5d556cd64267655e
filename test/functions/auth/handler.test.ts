import { decodeJwt } from 'jose';
import { handler } from '../../../functions/auth/handler';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { TEST_PASSWORD } from '../../support/test-services';

const loginRoute = { method: 'POST', path: '/api/auth/admin' } as const;
const refreshRoute = { method: 'POST', path: '/api/auth/refresh' } as const;
const logoutRoute = { method: 'POST', path: '/api/auth/logout' } as const;
const SIGN_IN_FAILED = { code: 'UNAUTHORIZED', message: 'Incorrect email or password' };

useFreshTable();

describe('POST /api/auth/admin (against cognito-local)', () => {
  it('signs in a staff user and answers the admin login response with tokens', async () => {
    const answer = await invoke(
      handler,
      httpEvent(loginRoute, { body: { email: '  admin@example.com ', password: TEST_PASSWORD } }),
    );

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ok: true,
      email: 'admin@example.com',
      name: 'Demo Admin',
      login: 'admin@example.com',
      role: 'admin',
    });
    expect(decodeJwt(answer.body.token)).toMatchObject({
      sub: answer.body.user_id,
      token_use: 'id',
    });
    expect(answer.body.refreshToken).toEqual(expect.any(String));
    expect(answer.body.expiresAt).toBeGreaterThan(Date.now());
  });

  it.each([
    ['no password', { email: 'admin@example.com' }],
    ['blank email', { email: '   ', password: 'x' }],
    ['empty object', {}],
  ])('answers 400 "Email and password are required" for %s', async (_case, body) => {
    const answer = await invoke(handler, httpEvent(loginRoute, { body }));

    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Email and password are required',
    });
  });

  it.each([
    ['no body', undefined],
    ['null', 'null'],
    ['a string', '""'],
    ['an array', '[]'],
  ])('answers 400 "Request body must be a JSON object" for %s', async (_case, rawBody) => {
    const answer = await invoke(handler, httpEvent(loginRoute, { rawBody }));

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'body', message: 'Request body must be a JSON object' },
    ]);
  });

  it.each([
    ['a 1 MB email', { email: `${'a'.repeat(1_000_000)}@example.com`, password: 'x' }, 'email'],
    ['a 1 MB password', { email: 'admin@example.com', password: 'p'.repeat(1_000_000) }, 'body'],
    [
      'a 300-character password',
      { email: 'admin@example.com', password: 'p'.repeat(300) },
      'password',
    ],
    ['an unknown field', { email: 'admin@example.com', password: 'x', role: 'admin' }, 'role'],
    ['a prototype key', JSON.parse('{"email":"a@b.c","password":"x","__proto__":{}}'), '__proto__'],
  ])(
    'answers 4xx naming the field for %s, before Cognito hears of it',
    async (_case, body, field) => {
      const answer = await invoke(
        handler,
        httpEvent(loginRoute, { rawBody: JSON.stringify(body) }),
      );

      expect([400, 413]).toContain(answer.status);
      if (answer.status === 400) {
        expect(
          answer.body.error.details.map((detail: { field: string }) => detail.field),
        ).toContain(field);
      }
    },
  );

  it('answers 400 naming the body for malformed JSON', async () => {
    const answer = await invoke(handler, httpEvent(loginRoute, { rawBody: '{"email":' }));

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'body', message: 'Request body is not valid JSON' },
    ]);
  });

  // The answer told which emails exist and confirmed a trader's password.
  it.each([
    ['a wrong password', 'admin@example.com', 'wrong-password'],
    ['an unknown email', 'nobody@example.com', TEST_PASSWORD],
    ["a trader's right password", 'trader@example.com', TEST_PASSWORD],
  ])('answers the same 401 for %s', async (_case, email, password) => {
    const answer = await invoke(handler, httpEvent(loginRoute, { body: { email, password } }));

    expect(answer).toEqual({ status: 401, body: { error: SIGN_IN_FAILED } });
  });
});

describe('POST /api/auth/refresh', () => {
  it('exchanges a refresh token for a new ID token', async () => {
    const login = await invoke(
      handler,
      httpEvent(loginRoute, { body: { email: 'admin@example.com', password: TEST_PASSWORD } }),
    );

    const answer = await invoke(
      handler,
      httpEvent(refreshRoute, { body: { refreshToken: login.body.refreshToken } }),
    );

    expect(answer.status).toBe(200);
    expect(decodeJwt(answer.body.token)).toMatchObject({ sub: login.body.user_id });
  });

  it('answers 400 without a refresh token and 401 for a forged one', async () => {
    const missing = await invoke(handler, httpEvent(refreshRoute, { body: {} }));
    const forged = await invoke(
      handler,
      httpEvent(refreshRoute, { body: { refreshToken: 'not-a-token' } }),
    );

    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].field).toBe('refreshToken');
    expect(forged.status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  // Logout made no server call, so the refresh token lived on.
  it('revokes the refresh token, so it buys no further ID token', async () => {
    const login = await invoke(
      handler,
      httpEvent(loginRoute, { body: { email: 'admin@example.com', password: TEST_PASSWORD } }),
    );
    const { refreshToken } = login.body;

    const logout = await invoke(handler, httpEvent(logoutRoute, { body: { refreshToken } }));
    const refresh = await invoke(handler, httpEvent(refreshRoute, { body: { refreshToken } }));

    expect(logout).toEqual({ status: 200, body: { success: true } });
    expect(refresh.status).toBe(401);
  });

  it('answers success for a token it does not know, and 400 without one', async () => {
    const unknown = await invoke(
      handler,
      httpEvent(logoutRoute, { body: { refreshToken: 'not-a-token' } }),
    );
    const missing = await invoke(handler, httpEvent(logoutRoute, { body: {} }));

    expect(unknown).toEqual({ status: 200, body: { success: true } });
    expect(missing.status).toBe(400);
  });
});
