import { useEmulatorServer } from '../../support/emulator-server';

/** Whatever fails inside a request, the emulator answers and keeps running. */
describe('local API emulator when a handler fails', () => {
  // The emulator logs each failure for the developer; here the failures are the point.
  beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());
  let calls = 0;
  const server = useEmulatorServer(async () => {
    calls += 1;
    if (calls === 1) throw new Error('the module failed to load');
    return (async () => {
      throw new Error('the handler threw');
    }) as never;
  });

  it.each([['a module that fails to load'], ['a handler that throws']])(
    'answers the standard 500 body for %s and keeps serving',
    async () => {
      const response = await fetch(`${server.base()}/api/auth/refresh`, {
        method: 'POST',
        body: '{}',
      });
      const after = await fetch(`${server.base()}/api/unknown`);

      expect(response.status).toBe(500);
      await expect(response.json()).resolves.toEqual({
        error: { code: 'INTERNAL_ERROR', message: 'An internal error occurred' },
      });
      expect(after.status).toBe(404);
    },
  );
});
