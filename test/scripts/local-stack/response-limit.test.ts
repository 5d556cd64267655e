import { MAX_RESPONSE_BYTES } from '../../../scripts/local-stack/api-emulator';
import { useEmulatorServer } from '../../support/emulator-server';

/**
 * Lambda refuses a synchronous answer over 6 MB and API Gateway answers 500: the emulator does the
 * same, so a list that outgrows the limit fails in a test before it fails in AWS.
 */
describe('local API emulator: the Lambda response limit', () => {
  let errors: jest.SpyInstance;
  beforeAll(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => jest.restoreAllMocks());

  /** A handler answering a JSON string body of `bodyBytes` bytes (plus quotes), as the status asks. */
  let bodyBytes = 0;
  const server = useEmulatorServer(
    async () =>
      (async () => ({
        statusCode: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify('x'.repeat(bodyBytes)),
      })) as never,
  );

  const call = () => fetch(`${server.base()}/api/auth/refresh`, { method: 'POST', body: '{}' });

  it('passes an answer just under 6 MB through whole', async () => {
    bodyBytes = MAX_RESPONSE_BYTES - 200;
    const response = await call();
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBe(bodyBytes + 2);
  });

  it('answers 500 with the standard body, and logs why, for an answer over 6 MB', async () => {
    errors.mockClear();
    bodyBytes = MAX_RESPONSE_BYTES;
    const response = await call();
    expect(response.status).toBe(500);
    await expect(response.json()).resolves.toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'An internal error occurred' },
    });
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/over Lambda's 6291456-byte response limit/),
    );
    // The emulator keeps serving.
    bodyBytes = 10;
    expect((await call()).status).toBe(200);
  });
});
