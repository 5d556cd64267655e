import { handler as performanceHandler } from '../../functions/performance/handler';
import { handler as syncHandler } from '../../functions/sync/handler';
import { syncRepository } from '../../functions/lib/repositories/sync-repository';
import { useFreshTable } from '../support/fresh-table';
import { claimsFor, httpEvent, invoke } from '../support/http-events';

const admin = claimsFor('admin');
const dailyUpdate = { method: 'POST', path: '/api/sync/daily-update' } as const;
const regenerate = {
  method: 'POST',
  path: '/api/performance/regenerate/{accountId}/{date}',
} as const;
const runDetail = { method: 'GET', path: '/api/sync/runs/{runId}' } as const;

/** Loose or oversized input wrote, or answered 500. */
describe('request input is strict and bounded', () => {
  useFreshTable();

  it.each([
    ['an empty body', undefined, 'body', 'Request body must be a JSON object'],
    ['a JSON string', '""', 'body', 'Request body must be a JSON object'],
    ['null', 'null', 'body', 'Request body must be a JSON object'],
    ['an array', '[1]', 'body', 'Request body must be a JSON object'],
    ['a junk field', '{"count":1,"junk":true}', 'junk', 'Unknown field "junk"'],
    [
      'a prototype key',
      '{"__proto__":{"admin":true}}',
      '__proto__',
      'Field "__proto__" is not allowed',
    ],
    [
      'a nested prototype key',
      '{"count":1,"x":{"constructor":{"prototype":{}}}}',
      'prototype',
      'Field "prototype" is not allowed',
    ],
  ])(
    'POST /api/sync/daily-update refuses %s with 400 and starts no run',
    async (_case, rawBody, field, message) => {
      const answer = await invoke(
        syncHandler as never,
        httpEvent(dailyUpdate, { rawBody, claims: admin }),
      );

      expect(answer.status).toBe(400);
      expect(answer.body.error.details).toContainEqual({ field, message });
      await expect(syncRepository.listRuns({ limit: 5 })).resolves.toMatchObject({ items: [] });
    },
  );

  it('answers 413 for a body past the size limit', async () => {
    const rawBody = JSON.stringify({ count: 1, padding: 'x'.repeat(300 * 1024) });

    const answer = await invoke(
      syncHandler as never,
      httpEvent(dailyUpdate, { rawBody, claims: admin }),
    );

    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['an impossible date', { accountId: 'ACC-1', date: '00000101' }, 'date'],
    ['a date before 2000', { accountId: 'ACC-1', date: '19991231' }, 'date'],
    ['a date more than a year ahead', { accountId: 'ACC-1', date: '29991231' }, 'date'],
    [
      'a 3,000-character account id',
      { accountId: 'A'.repeat(3_000), date: '20260302' },
      'accountId',
    ],
    ['an account id with a slash', { accountId: '../ACC', date: '20260302' }, 'accountId'],
  ])(
    'POST /api/performance/regenerate refuses %s with 400',
    async (_case, pathParameters, field) => {
      const answer = await invoke(
        performanceHandler,
        httpEvent(regenerate, { pathParameters, claims: admin }),
      );

      expect(answer.status).toBe(400);
      expect(answer.body.error.details[0].field).toBe(field);
    },
  );

  it('refuses a body on a route that takes none', async () => {
    const answer = await invoke(
      performanceHandler,
      httpEvent(regenerate, {
        pathParameters: { accountId: 'ACC-1', date: '20260302' },
        rawBody: '{"from":"20000101"}',
        claims: admin,
      }),
    );

    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('This request takes no body');
  });

  it('answers 400, not 500, for a run id past the key limit', async () => {
    const answer = await invoke(
      syncHandler as never,
      httpEvent(runDetail, { pathParameters: { runId: 'r'.repeat(3_000) }, claims: admin }),
    );

    expect(answer.status).toBe(400);
    expect(answer.body.error.details[0].field).toBe('runId');
  });
});
