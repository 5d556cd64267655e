import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiEmulator } from '../../../scripts/local-stack/api-emulator';
import { TEST_PASSWORD } from '../../support/test-services';
import { useFreshTable } from '../../support/fresh-table';

let server: Server;
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

async function tokenOf(email: string): Promise<string> {
  // Traders cannot use the staff sign-in, so take their token from Cognito directly.
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

  beforeAll(async () => {
    const emulator = createApiEmulator({
      issuer: process.env.TEST_COGNITO_ISSUER as string,
      clientId: process.env.USER_POOL_CLIENT_ID as string,
      jwksUrl: process.env.TEST_COGNITO_JWKS as string,
      loadHandler: async (resource) =>
        ((await import(`../../../functions/${resource}/handler`)) as { handler: never }).handler,
    });
    server = createServer((req, res) => void emulator(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
    const trader = await get('/api/programs', await tokenOf('trader@example.com'));
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
});
