import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { buildPath, routes } from '@shared/api/routes';
import { useEmulatorServer } from '../../support/emulator-server';
import { useFreshTable } from '../../support/fresh-table';

/** cognito-local signs with one fixed key that ships in the package: forging starts from it. */
const keyFile = join(
  require.resolve('cognito-local/package.json'),
  '../lib/keys/cognitoLocal.private.json',
);
const { jwk } = JSON.parse(readFileSync(keyFile, 'utf8')) as { jwk: Record<string, string> };
const publicJwk = { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: jwk.kid, alg: jwk.alg, use: jwk.use };

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Claims of a staff ID token for the test pool's app client, valid for an hour. */
function staffClaims(): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: 'forged-admin',
    'cognito:groups': ['admin'],
    email: 'forged@example.com',
    token_use: 'id',
    aud: process.env.USER_POOL_CLIENT_ID,
    iss: process.env.TEST_COGNITO_ISSUER,
    iat: now,
    exp: now + 3600,
  };
}

async function signed(claims: JWTPayload): Promise<string> {
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(key);
}

const forgeries: [string, () => Promise<string>][] = [
  [
    'alg none',
    async () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(staffClaims())}.`,
  ],
  [
    'HS256 keyed with the public key',
    () =>
      new SignJWT(staffClaims())
        .setProtectedHeader({ alg: 'HS256', kid: jwk.kid })
        .sign(new TextEncoder().encode(JSON.stringify(publicJwk))),
  ],
  ['a wrong audience', () => signed({ ...staffClaims(), aud: 'another-app-client' })],
  ['a wrong issuer', () => signed({ ...staffClaims(), iss: 'https://issuer.example.com/pool' })],
  ['an expired token', () => signed({ ...staffClaims(), iat: 1_700_000_000, exp: 1_700_003_600 })],
  ['no sub', () => signed({ ...staffClaims(), sub: undefined })],
];

const protectedRoutes = routes.filter((route) => route.access !== 'public');
const cases = protectedRoutes.flatMap((route) =>
  forgeries.map(
    ([forgery, make]) => [`${route.method} ${route.path}`, forgery, route, make] as const,
  ),
);

/** Every protected route of the table refuses every forged token with 401. */
describe('forged tokens through the local API', () => {
  useFreshTable();
  const server = useEmulatorServer();

  async function call(route: (typeof routes)[number], token: string) {
    const params = Object.fromEntries(
      [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1] as string, 'TEST']),
    );
    const response = await fetch(`${server.base()}${buildPath(route.path, params)}`, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(route.method !== 'GET' && { body: '{}' }),
    });
    return response.status;
  }

  it('accepts the same token when nothing is forged, so the refusals below mean something', async () => {
    const route = routes.find((entry) => entry.path === '/api/programs' && entry.method === 'GET');

    await expect(call(route as (typeof routes)[number], await signed(staffClaims()))).resolves.toBe(
      200,
    );
  });

  it.each(cases)('%s refuses %s', async (_key, _forgery, route, make) => {
    await expect(call(route, await make())).resolves.toBe(401);
  });
});
