import { handler } from '../../../functions/programs/handler';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';

describe('createHttpHandler', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers an unexpected failure with 500 and a body that leaks nothing', async () => {
    jest
      .spyOn(programRepository, 'listCurrent')
      .mockRejectedValue(new Error('secret table detail'));

    const answer = await invoke(
      handler,
      httpEvent({ method: 'GET', path: '/api/programs' }, { claims: claimsFor('admin') }),
    );

    expect(answer).toEqual({
      status: 500,
      body: { error: { code: 'INTERNAL_ERROR', message: 'An internal error occurred' } },
    });
  });

  it('answers 404 for a route key the resource does not serve', async () => {
    const answer = await invoke(
      handler,
      httpEvent({ method: 'DELETE', path: '/api/programs' }, { claims: claimsFor('admin') }),
    );

    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('NOT_FOUND');
  });

  it('answers JSON that is never cached', async () => {
    jest.spyOn(programRepository, 'listCurrent').mockResolvedValue([]);

    const result = await handler(
      httpEvent({ method: 'GET', path: '/api/programs' }, { claims: claimsFor('admin') }),
      {} as never,
    );

    expect(result.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
  });
});
