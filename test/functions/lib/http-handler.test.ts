import { jobsRoutes } from '@shared/api/routes/jobs';
import { revenueRoutes } from '@shared/api/routes/revenue';
import { handler } from '../../../functions/programs/handler';
import { createHttpHandler, route } from '../../../functions/lib/http-handler';
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

  describe('answers who may call before it reads the body', () => {
    const create = { method: 'POST', path: '/api/programs' } as const;
    const update = { method: 'PUT', path: '/api/programs/{prefix}' } as const;
    const oversize = JSON.stringify({ name: 'x'.repeat(300 * 1024) });

    it.each([
      ['malformed JSON', '{"name":'],
      ['a prototype key', '{"__proto__":{"admin":true}}'],
      ['a body past the size limit', oversize],
    ])('answers 401 to a caller without a sign-in who sends %s', async (_case, rawBody) => {
      const answer = await invoke(handler, httpEvent(create, { rawBody }));

      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('UNAUTHORIZED');
    });

    it('answers 403 to a trader who sends malformed JSON to a staff route', async () => {
      const answer = await invoke(
        handler,
        httpEvent(create, { rawBody: '{"name":', claims: claimsFor('trader') }),
      );

      expect(answer.status).toBe(403);
    });

    it('answers 404 for an unknown route key before it reads the body', async () => {
      const answer = await invoke(
        handler,
        httpEvent({ method: 'PATCH' as never, path: '/api/programs' }, { rawBody: '{"name":' }),
      );

      expect(answer.status).toBe(404);
    });

    it('names a bad path parameter before a malformed body', async () => {
      const answer = await invoke(
        handler,
        httpEvent(update, {
          pathParameters: { prefix: '../x' },
          rawBody: '{"name":',
          claims: claimsFor('admin'),
        }),
      );

      expect(answer.status).toBe(400);
      expect(answer.body.error.details[0].field).toBe('prefix');
    });

    it('answers 400 naming the body to a signed-in caller who sends malformed JSON', async () => {
      const answer = await invoke(
        handler,
        httpEvent(create, { rawBody: '{"name":', claims: claimsFor('admin') }),
      );

      expect(answer).toEqual({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Request body is not valid JSON',
            details: [{ field: 'body', message: 'Request body is not valid JSON' }],
          },
        },
      });
    });

    it('answers 413 to a signed-in caller who sends a body past the size limit', async () => {
      const answer = await invoke(
        handler,
        httpEvent(create, { rawBody: oversize, claims: claimsFor('admin') }),
      );

      expect(answer.status).toBe(413);
      expect(answer.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it.each([
      ['__proto__', '{"name":"A","__proto__":{"admin":true}}'],
      ['constructor', '{"name":"A","phases":[{"constructor":1}]}'],
    ])('answers 400 naming a %s key anywhere in the body', async (key, rawBody) => {
      const answer = await invoke(
        handler,
        httpEvent(create, { rawBody, claims: claimsFor('admin') }),
      );

      expect(answer.status).toBe(400);
      expect(answer.body.error.details).toEqual([
        { field: key, message: `Field "${key}" is not allowed` },
      ]);
    });

    it('answers 400, not 500, to a body nested 100,000 levels deep', async () => {
      const rawBody = `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;

      const answer = await invoke(
        handler,
        httpEvent(create, { rawBody, claims: claimsFor('admin') }),
      );

      expect(answer.status).toBe(400);
    });

    it.each([
      ['no content type', undefined],
      ['a text content type', 'text/plain'],
    ])('reads a JSON body sent with %s, as it always did', async (_case, contentType) => {
      const event = httpEvent(create, { rawBody: '{}', claims: claimsFor('admin') });
      event.headers = contentType ? { 'content-type': contentType } : {};

      const answer = await invoke(handler, event);

      expect(answer.status).toBe(400);
      expect(answer.body.error.details.map((d: { field: string }) => d.field)).not.toContain(
        'body',
      );
    });

    it('reads a base64-encoded body', async () => {
      const event = httpEvent(create, {
        rawBody: Buffer.from('{"name":').toString('base64'),
        claims: claimsFor('admin'),
      });
      event.isBase64Encoded = true;

      const answer = await invoke(handler, event);

      expect(answer.body.error.message).toBe('Request body is not valid JSON');
    });
  });

  it('serves one resource: routes of two resources are refused', () => {
    const handle = route({ handle: async () => null });
    expect(() =>
      createHttpHandler([...revenueRoutes, ...jobsRoutes], {
        'GET /api/firms/daily-revenue': handle,
        'GET /api/jobs/{jobId}': handle,
        'POST /api/jobs/{jobId}/resume': handle,
      }),
    ).toThrow("A handler serves one resource's routes, not revenue, jobs");
  });

  it('refuses a resource whose route has no handler', () => {
    expect(() => createHttpHandler(jobsRoutes, {} as never)).toThrow(
      'Resource jobs has no handler for GET /api/jobs/{jobId}',
    );
  });
});
