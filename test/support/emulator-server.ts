import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiEmulator, type ApiEmulatorOptions } from '../../scripts/local-stack/api-emulator';

/**
 * Serves the local API emulator on a free port for the calling test file, over the real handlers and
 * the shared test user pool (or the given handlers and route table). `base()` is its address once
 * `beforeAll` has run.
 */
export function useEmulatorServer(
  loadHandler: ApiEmulatorOptions['loadHandler'] = async (resource) =>
    ((await import(`../../functions/${resource}/handler`)) as { handler: never }).handler,
  routeTable?: ApiEmulatorOptions['routeTable'],
): { base(): string } {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const emulator = createApiEmulator({
      issuer: process.env.TEST_COGNITO_ISSUER as string,
      clientId: process.env.USER_POOL_CLIENT_ID as string,
      jwksUrl: process.env.TEST_COGNITO_JWKS as string,
      loadHandler,
      ...(routeTable && { routeTable }),
    });
    server = createServer((req, res) => void emulator(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { base: () => base };
}
