import { decodeJwt } from 'jose';
import { handler } from '../../../functions/auth/handler';
import { httpEvent, invoke } from '../../support/http-events';
import { TEST_PASSWORD } from '../../support/test-services';

const loginRoute = { method: 'POST', path: '/api/auth/admin' } as const;
const refreshRoute = { method: 'POST', path: '/api/auth/refresh' } as const;

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
    ['no body', undefined],
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

  it('answers 400 naming the body for malformed JSON', async () => {
    const answer = await invoke(handler, httpEvent(loginRoute, { rawBody: '{"email":' }));

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'body', message: 'Request body is not valid JSON' },
    ]);
  });

  it('answers 401 with the server message for a wrong password', async () => {
    const answer = await invoke(
      handler,
      httpEvent(loginRoute, { body: { email: 'admin@example.com', password: 'wrong-password' } }),
    );

    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('UNAUTHORIZED');
    expect(answer.body.error.message.length).toBeGreaterThan(0);
  });

  it('answers 401 for an unknown user', async () => {
    const answer = await invoke(
      handler,
      httpEvent(loginRoute, { body: { email: 'nobody@example.com', password: TEST_PASSWORD } }),
    );

    expect(answer.status).toBe(401);
  });

  it('answers 403 for a valid user outside group admin', async () => {
    const answer = await invoke(
      handler,
      httpEvent(loginRoute, { body: { email: 'trader@example.com', password: TEST_PASSWORD } }),
    );

    expect(answer).toEqual({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'Only staff accounts can sign in here' } },
    });
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
