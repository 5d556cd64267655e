import { handler } from '../../../functions/origin-check/handler';
import { ORIGIN_VERIFY_HEADER } from '@shared/api/origin-verify';

/**
 * The public routes (sign-in, refresh) answer only requests that came through CloudFront,
 * which adds the origin secret; one sent to the API's own endpoint skips the web ACL.
 */
describe('origin check of the public routes', () => {
  const saved = process.env.ORIGIN_VERIFY_SECRET;
  afterEach(() => {
    if (saved === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
    else process.env.ORIGIN_VERIFY_SECRET = saved;
  });

  const check = (headers?: Record<string, string>) => handler({ headers });

  it('lets through a request carrying the secret', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 'a-long-random-secret-of-cloudfront';

    await expect(
      check({ [ORIGIN_VERIFY_HEADER]: 'a-long-random-secret-of-cloudfront' }),
    ).resolves.toEqual({ isAuthorized: true });
  });

  it.each([
    ['no header', undefined],
    ['another header', { 'x-other': 'a-long-random-secret-of-cloudfront' }],
    ['a wrong secret', { [ORIGIN_VERIFY_HEADER]: 'a-long-random-secret-of-cloudfronT' }],
    ['a prefix of the secret', { [ORIGIN_VERIFY_HEADER]: 'a-long-random' }],
    ['an empty value', { [ORIGIN_VERIFY_HEADER]: '' }],
  ])('refuses %s', async (_case, headers) => {
    process.env.ORIGIN_VERIFY_SECRET = 'a-long-random-secret-of-cloudfront';

    await expect(check(headers)).resolves.toEqual({ isAuthorized: false });
  });

  it('refuses everything when the function has no secret, even an empty header', async () => {
    delete process.env.ORIGIN_VERIFY_SECRET;

    await expect(check({ [ORIGIN_VERIFY_HEADER]: '' })).resolves.toEqual({ isAuthorized: false });
    await expect(check({ [ORIGIN_VERIFY_HEADER]: 'undefined' })).resolves.toEqual({
      isAuthorized: false,
    });
  });
});
