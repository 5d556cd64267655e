import { handler } from '../../../functions/programs/handler';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { demoPrograms } from '../../../scripts/demo-data';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';

const listRoute = { method: 'GET', path: '/api/programs' } as const;

describe('GET /api/programs', () => {
  useFreshTable();

  it('answers an empty list when no program exists', async () => {
    const answer = await invoke(handler, httpEvent(listRoute, { claims: claimsFor('admin') }));

    expect(answer).toEqual({ status: 200, body: [] });
  });

  it('lists the current version of every program, sorted by prefix, without key attributes', async () => {
    const [first, , , second] = demoPrograms('2026-01-01T00:00:00.000Z');
    await programRepository.create(second!);
    await programRepository.create(first!);

    const answer = await invoke(handler, httpEvent(listRoute, { claims: claimsFor('admin') }));

    expect(answer.status).toBe(200);
    expect(answer.body.map((program: { prefix: string }) => program.prefix)).toEqual([
      'EVAL50K',
      'SIMF100K',
    ]);
    expect(answer.body[0]).toMatchObject({
      name: '50K Evaluation',
      type: 'eval',
      status: 'active',
      version: 1,
    });
    expect(answer.body[0]).not.toHaveProperty('PK');
    expect(answer.body[0]).not.toHaveProperty('GSI1PK');
  });

  it('refuses a caller without verified claims with 401 and the error body', async () => {
    const answer = await invoke(handler, httpEvent(listRoute));

    expect(answer).toEqual({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Authentication required' } },
    });
  });

  it('refuses a trader with 403', async () => {
    const answer = await invoke(handler, httpEvent(listRoute, { claims: claimsFor('trader') }));

    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
  });
});
