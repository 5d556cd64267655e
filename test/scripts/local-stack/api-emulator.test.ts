import { request as httpRequest, Agent } from 'node:http';
import type { RouteDefinition } from '@shared/api/routes';
import { MAX_BODY_BYTES } from '../../../scripts/local-stack/api-emulator';
import { useEmulatorServer } from '../../support/emulator-server';
import { TEST_PASSWORD } from '../../support/test-services';
import { useFreshTable } from '../../support/fresh-table';

let base: string;

async function post(path: string, body: string, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function get(path: string, token?: string) {
  const response = await fetch(`${base}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** A trader's token, from the trader sign-in (which resets the trader's Cognito password each time). */
async function traderToken(login: string): Promise<string> {
  const answer = await post('/api/auth/trader', JSON.stringify({ login, password: TEST_PASSWORD }));
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

async function tokenOf(email: string): Promise<string> {
  const { CognitoIdentityProviderClient, InitiateAuthCommand } =
    await import('@aws-sdk/client-cognito-identity-provider');
  const answer = await new CognitoIdentityProviderClient({}).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: process.env.USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
    }),
  );
  return answer.AuthenticationResult?.IdToken as string;
}

describe('local API emulator', () => {
  useFreshTable();

  const server = useEmulatorServer();
  beforeAll(() => {
    base = server.base();
  });

  it('answers 401 JSON for a protected route without a token', async () => {
    await expect(get('/api/programs')).resolves.toEqual({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } },
    });
  });

  it('answers 401 for a token with a forged signature', async () => {
    const token = await tokenOf('admin@example.com');
    const [header, payload] = token.split('.');

    const answer = await get('/api/programs', `${header}.${payload}.AAAA`);

    expect(answer.status).toBe(401);
  });

  it('passes the verified claims so a trader gets 403 and staff get the list', async () => {
    const trader = await get('/api/programs', await traderToken('trader@example.com'));
    const admin = await get('/api/programs', await tokenOf('admin@example.com'));

    expect(trader.status).toBe(403);
    expect(admin).toEqual({ status: 200, body: [] });
  });

  it('answers 400 JSON for a malformed body on the sign-in route', async () => {
    const answer = await post('/api/auth/admin', '{not json');

    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('signs in through the public route with the real handler', async () => {
    const answer = await post(
      '/api/auth/admin',
      JSON.stringify({ email: 'admin@example.com', password: TEST_PASSWORD }),
    );

    expect(answer.status).toBe(200);
    expect(answer.body.role).toBe('admin');
  });

  it.each([
    ['an unknown path', 'GET', '/api/unknown'],
    ['a known path with another method', 'DELETE', '/api/programs'],
  ])('answers 404 JSON for %s', async (_case, method, path) => {
    const response = await fetch(`${base}${path}`, { method });

    expect(response.status).toBe(404);
    expect(((await response.json()) as any).error.code).toBe('NOT_FOUND');
  });

  describe('survives what a probe sent', () => {
    async function stillServes() {
      await expect(get('/api/programs')).resolves.toMatchObject({ status: 401 });
    }

    it.each([
      ['a malformed escape in a path parameter', '/api/sync/runs/%E0%A4%A'],
      ['a lone percent sign', '/api/sync/runs/%'],
    ])('answers 400 for %s and goes on serving', async (_case, path) => {
      const answer = await get(path, 'not-checked-before-the-path');

      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Malformed request path',
      });
      await stillServes();
    });

    it("answers 413 for a body past API Gateway's limit and closes the connection cleanly", async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const send = (body: string) =>
        new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
          const req = httpRequest(
            `${base}/api/auth/admin`,
            { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
            (res) => {
              res.resume();
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
              );
            },
          );
          req.on('error', reject);
          req.end(body);
        });

      const refused = await send('x'.repeat(MAX_BODY_BYTES + 1));
      const next = await send('{}');
      agent.destroy();

      expect(refused).toEqual({ status: 413, connection: 'close' });
      expect(next.status).toBe(400);
    });
  });
});

/** The route table is grouped by resource, not by match order: the emulator must not depend on it. */
describe('local API emulator route precedence', () => {
  const table: RouteDefinition[] = [
    { method: 'GET', path: '/api/things/{id}', resource: 'things', access: 'public' },
    { method: 'GET', path: '/api/things/{id}/parts', resource: 'things', access: 'public' },
    { method: 'GET', path: '/api/things/stats', resource: 'things', access: 'public' },
    { method: 'GET', path: '/api/things/{id}/parts/latest', resource: 'things', access: 'public' },
  ];
  const echoRouteKey = async () => async (event: { routeKey: string }) => ({
    statusCode: 200,
    body: JSON.stringify({ routeKey: event.routeKey }),
  });
  const server = useEmulatorServer(echoRouteKey as never, table);

  it.each([
    ['/api/things/stats', 'GET /api/things/stats'],
    ['/api/things/42', 'GET /api/things/{id}'],
    ['/api/things/42/parts/latest', 'GET /api/things/{id}/parts/latest'],
    ['/api/things/42/parts', 'GET /api/things/{id}/parts'],
  ])(
    'reaches %s through %s, a static segment beating a parameter listed before it',
    async (path, routeKey) => {
      const response = await fetch(`${server.base()}${path}`);

      expect(response.status).toBe(200);
      await expect(response.json()).resolves.toEqual({ routeKey });
    },
  );
});
