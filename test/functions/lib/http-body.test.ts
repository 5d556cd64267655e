import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { PayloadTooLargeError, ValidationError } from '../../../functions/lib/errors';
import { jsonBody } from '../../../functions/lib/http-body';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { handler as programsHandler } from '../../../functions/programs/handler';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke, testContext } from '../../support/http-events';
import { programBody, seedCatalogue } from '../../support/programs';

const create = { method: 'POST', path: '/api/programs' } as const;
const oversize = JSON.stringify({ ...programBody('PROTO'), note: 'x'.repeat(300 * 1024) });
const nestedProto = (prefix: string) => {
  const body = programBody(prefix);
  // As a client could send it: JSON text, where `__proto__` is a key like any other.
  const phases = JSON.stringify(body.phases).replace('{', '{"__proto__":{"role":"admin"},');
  return JSON.stringify({ ...body, phases: '<phases>' }).replace('"<phases>"', phases);
};

describe('the jsonBody middleware around the JSON parser', () => {
  /** A handler behind the middleware alone: it records every body that reached it. */
  function guarded(takesBody = true) {
    const reached: unknown[] = [];
    const handler = middy<APIGatewayProxyEventV2WithJWTAuthorizer, unknown>()
      .use(jsonBody(() => takesBody))
      .handler(async (event) => {
        reached.push(event.body);
        return { statusCode: 200 };
      });
    return {
      reached,
      run: (rawBody?: string) => handler(httpEvent(create, { rawBody }), testContext),
    };
  }

  it('hands the handler the parsed object', async () => {
    const { reached, run } = guarded();

    await run('{"name":"A","limits":{"max":1}}');

    expect(reached).toEqual([{ name: 'A', limits: { max: 1 } }]);
  });

  it('refuses a nested __proto__ key by name, and the handler never runs', async () => {
    const { reached, run } = guarded();

    const refused = run('{"name":"A","phases":[{"rules":{"__proto__":{"polluted":true}}}]}');

    await expect(refused).rejects.toThrow(ValidationError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: '__proto__', message: 'Field "__proto__" is not allowed' }],
    });
    expect(reached).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body past the size cap before the parser reads it', async () => {
    const { reached, run } = guarded();
    const parse = jest.spyOn(JSON, 'parse');
    try {
      await expect(run(oversize)).rejects.toThrow(PayloadTooLargeError);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    expect(reached).toEqual([]);
  });

  it('answers malformed JSON with a 400 naming the body, not the parser 415', async () => {
    const { reached, run } = guarded();

    await expect(run('{"name":')).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'body', message: 'Request body is not valid JSON' }],
    });
    expect(reached).toEqual([]);
  });

  it('gives a route that takes no body `{}` for a missing one, and refuses a payload', async () => {
    const { reached, run } = guarded(false);

    await run(undefined);
    await expect(run('{"x":1}')).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'body', message: 'This request takes no body' }],
    });

    expect(reached).toEqual([{}]);
  });
});

describe('a refused body writes nothing (dynalite)', () => {
  // The catalogue the program refers to: only the refused body keeps it from being stored.
  useFreshTable({ perTest: true, seed: seedCatalogue });
  const admin = claimsFor('admin');

  it('answers a program with a nested __proto__ key 400 naming the field, storing no program', async () => {
    const answer = await invoke(
      programsHandler,
      httpEvent(create, { rawBody: nestedProto('PROTO'), claims: admin }),
    );

    expect(answer).toEqual({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Field "__proto__" is not allowed',
          details: [{ field: '__proto__', message: 'Field "__proto__" is not allowed' }],
        },
      },
    });
    expect(await programRepository.getCurrent('PROTO')).toBeUndefined();
  });

  it('answers an oversize program 413, storing no program', async () => {
    const answer = await invoke(
      programsHandler,
      httpEvent(create, { rawBody: oversize, claims: admin }),
    );

    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await programRepository.getCurrent('PROTO')).toBeUndefined();
  });

  it('stores the same program sent without the prototype key', async () => {
    const answer = await invoke(
      programsHandler,
      httpEvent(create, { body: programBody('PROTO'), claims: admin }),
    );

    expect(answer.status).toBe(201);
    expect(await programRepository.getCurrent('PROTO')).toMatchObject({ prefix: 'PROTO' });
  });
});
