import * as z from 'zod';
import { programListSchema } from '@shared/programs/program';
import { adminLoginResponseSchema } from '@shared/auth/admin-login';
import { AUTH_FAILED_MESSAGE, ApiError, apiClient, logout, onAuthFailure } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import { errorResponse, jsonResponse, mockApi } from '../support/fetch-mock';
import { signInAs } from '../support/session-fixtures';

const getPrograms = () => apiClient.get('/api/programs', { schema: programListSchema });

let authFailures: string[];
let unsubscribe: () => void;

beforeEach(() => {
  authFailures = [];
  unsubscribe = onAuthFailure((message) => authFailures.push(message));
});

afterEach(() => {
  unsubscribe();
  localStorage.clear();
});

describe('api client', () => {
  it('sends the bearer token and asks for JSON', async () => {
    signInAs({ token: 'id-token-1' });
    const calls = mockApi({ 'GET /api/programs': () => jsonResponse([]) });

    await expect(getPrograms()).resolves.toEqual([]);

    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer id-token-1',
    });
  });

  it('sends no Authorization header without a session', async () => {
    const calls = mockApi({ 'GET /api/programs': () => jsonResponse([]) });

    await getPrograms();

    expect(calls[0]?.headers).toEqual({ Accept: 'application/json' });
  });

  it('sends a JSON body with its content type', async () => {
    const calls = mockApi({
      'POST /api/auth/admin': () => errorResponse(401, 'Incorrect username or password.'),
    });

    await expect(
      apiClient.post('/api/auth/admin', {
        schema: adminLoginResponseSchema,
        body: { email: 'a@b.test', password: 'x' },
      }),
    ).rejects.toThrow(ApiError);

    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'a@b.test', password: 'x' });
  });

  it('on a 401 clears the session, tells the app and fails with the log-in-again message', async () => {
    signInAs();
    mockApi({ 'GET /api/programs': () => errorResponse(401, 'Token expired') });

    const failure = getPrograms();

    await expect(failure).rejects.toThrow(AUTH_FAILED_MESSAGE);
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    for (const key of ['user', 'token', 'refreshToken', 'expiresAt']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(authFailures).toEqual([AUTH_FAILED_MESSAGE]);
  });

  it('lets a 401 from a public route reach the caller without logging out', async () => {
    signInAs();
    mockApi({
      'POST /api/auth/admin': () => errorResponse(401, 'Incorrect username or password.'),
    });

    await expect(
      apiClient.post('/api/auth/admin', {
        schema: adminLoginResponseSchema,
        body: { email: 'a@b.test', password: 'x' },
      }),
    ).rejects.toMatchObject({
      message: 'API error: 401 Unauthorized',
      serverMessage: 'Incorrect username or password.',
    });
    expect(getSession()).not.toBeNull();
    expect(authFailures).toEqual([]);
  });

  it("names the status of any other failure and keeps the server's message", async () => {
    signInAs();
    mockApi({ 'GET /api/programs': () => errorResponse(403, 'Staff only') });

    const failure = getPrograms();

    await expect(failure).rejects.toThrow('API error: 403 Forbidden');
    await expect(failure).rejects.toMatchObject({ status: 403, serverMessage: 'Staff only' });
    expect(getSession()).not.toBeNull();
  });

  it('fails when the answer does not match the expected shape', async () => {
    signInAs();
    mockApi({ 'GET /api/programs': () => jsonResponse([{ prefix: 'lowercase' }]) });

    await expect(getPrograms()).rejects.toThrow('Unexpected response from GET /api/programs');
  });

  it('returns the parsed answer, defaults included', async () => {
    signInAs();
    mockApi({
      'GET /api/programs': () =>
        jsonResponse([
          { prefix: 'EVAL50', name: 'Eval 50K', type: 'eval', status: 'active', version: 2 },
        ]),
    });

    const [program] = await getPrograms();

    expect(program).toMatchObject({ prefix: 'EVAL50', phases: [], description: '' });
  });

  it('refreshes a token that expires within a minute before sending the request', async () => {
    signInAs({ token: 'old-token', refreshToken: 'refresh-1', expiresAt: Date.now() + 30_000 });
    const newExpiry = Date.now() + 3_600_000;
    const calls = mockApi({
      'POST /api/auth/refresh': () => jsonResponse({ token: 'new-token', expiresAt: newExpiry }),
      'GET /api/programs': () => jsonResponse([]),
    });

    await getPrograms();

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/auth/refresh',
      'GET /api/programs',
    ]);
    expect(calls[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(calls[1]?.headers.Authorization).toBe('Bearer new-token');
    const session = getSession();
    expect(session).toMatchObject({ token: 'new-token', expiresAt: newExpiry });
    expect(session?.user.token).toBe('new-token');
    expect(session?.refreshToken).toBe('refresh-1');
  });

  it('refreshes an already expired token too', async () => {
    signInAs({ expiresAt: Date.now() - 1000 });
    const calls = mockApi({
      'POST /api/auth/refresh': () =>
        jsonResponse({ token: 'new-token', expiresAt: Date.now() + 3_600_000 }),
      'GET /api/programs': () => jsonResponse([]),
    });

    await getPrograms();

    expect(calls[1]?.headers.Authorization).toBe('Bearer new-token');
  });

  it('keeps a token that is valid for more than a minute', async () => {
    signInAs({ expiresAt: Date.now() + 120_000 });
    const calls = mockApi({ 'GET /api/programs': () => jsonResponse([]) });

    await getPrograms();

    expect(calls.map((call) => call.url)).toEqual(['/api/programs']);
  });

  it('makes one refresh for concurrent requests', async () => {
    signInAs({ expiresAt: Date.now() + 10_000 });
    const calls = mockApi({
      'POST /api/auth/refresh': () =>
        jsonResponse({ token: 'new-token', expiresAt: Date.now() + 3_600_000 }),
      'GET /api/programs': () => jsonResponse([]),
    });

    await Promise.all([getPrograms(), getPrograms()]);

    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/programs')).toHaveLength(2);
  });

  it('logs out with the log-in-again message when the refresh is refused', async () => {
    signInAs({ expiresAt: Date.now() + 10_000 });
    const calls = mockApi({
      'POST /api/auth/refresh': () => errorResponse(401, 'Refresh token has expired'),
    });

    await expect(getPrograms()).rejects.toThrow(AUTH_FAILED_MESSAGE);

    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh']);
    expect(getSession()).toBeNull();
    expect(authFailures).toEqual([AUTH_FAILED_MESSAGE]);
  });

  it('logs out too when the refresh cannot reach the server', async () => {
    signInAs({ expiresAt: Date.now() + 10_000 });
    mockApi({ 'POST /api/auth/refresh': () => Promise.reject(new TypeError('Failed to fetch')) });

    await expect(getPrograms()).rejects.toThrow(AUTH_FAILED_MESSAGE);

    expect(getSession()).toBeNull();
    expect(authFailures).toEqual([AUTH_FAILED_MESSAGE]);
  });

  it('builds paths from the route table only', async () => {
    mockApi({});

    await expect(
      apiClient.get('/api/unknown' as '/api/programs', { schema: z.unknown() }),
    ).rejects.toThrow('GET /api/unknown is not in the route table');
  });
});

describe('logout', () => {
  // Logout made no server call, so the refresh token stayed valid.
  it('clears the session and asks the server to revoke the refresh token', async () => {
    signInAs({ refreshToken: 'refresh-1' });
    const calls = mockApi({ 'POST /api/auth/logout': () => jsonResponse({ success: true }) });

    await logout();

    expect(getSession()).toBeNull();
    expect(calls.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'POST', body: { refreshToken: 'refresh-1' } },
    ]);
  });

  it('signs out here even when the server cannot be reached', async () => {
    signInAs();
    mockApi({
      'POST /api/auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });

    await expect(logout()).resolves.toBeUndefined();
    expect(getSession()).toBeNull();
  });

  it('calls nothing without a session', async () => {
    const calls = mockApi({});

    await logout();

    expect(calls).toEqual([]);
  });
});
