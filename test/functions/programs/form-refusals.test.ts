import { handler } from '../../../functions/programs/handler';
import { claimsFor, routeCaller } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { programBody, seedCatalogue } from '../../support/programs';

/**
 * What the program form refuses, the server refuses too: a phase currency outside the list and a negative fee are 400s
 * naming the field and the phase, nothing written; a copy can take the name the dialog suggests.
 */

const admin = claimsFor('admin');
const routes = {
  create: { method: 'POST', path: '/api/programs' },
  get: { method: 'GET', path: '/api/programs/{prefix}' },
  copy: { method: 'POST', path: '/api/programs/{prefix}/copy' },
} as const;

const call = routeCaller(handler, routes, admin);

const at = (prefix: string) => ({ pathParameters: { prefix } });

describe('program values the form refuses are refused by the API', () => {
  useFreshTable();
  beforeAll(seedCatalogue);

  it('refuses a currency outside the list, naming the phase, and writes nothing', async () => {
    const body = programBody('CURRENCY1');
    const answer = await call('create', {
      body: { ...body, phases: [{ ...body.phases[0]!, currency: 'dollars' }] },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      {
        field: 'phases.0.currency',
        message: 'Phase 1: Currency must be one of USD, EUR, GBP, CAD, AUD, CHF, JPY',
      },
    ]);
    expect((await call('get', at('CURRENCY1'))).status).toBe(404);
  });

  it('names the phase of a negative fee', async () => {
    const body = programBody('FEE1');
    const phase = body.phases[0]!;
    const answer = await call('create', {
      body: {
        ...body,
        phases: [{ ...phase, fees: [{ type: 'purchase', fee: -5, recurring: 'one-time' }] }],
      },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'phases.0.fees.0.fee', message: 'Phase 1: Fee must be at least 0' },
    ]);
    expect((await call('get', at('FEE1'))).status).toBe(404);
  });

  it('refuses Min Days 31 as a phase override, naming the rule and the phase', async () => {
    const body = programBody('DAYS31');
    const phase = body.phases[0]!;
    const rules = [
      ...phase.rules.rules.filter((reference) => reference.ruleId !== 'winning-days-payout'),
      {
        ruleId: 'winning-days-payout',
        enabled: true,
        priority: 100,
        parameterOverrides: { minDays: 31 },
        customMessages: {},
      },
    ];
    const answer = await call('create', {
      body: { ...body, phases: [{ ...phase, rules: { ...phase.rules, rules } }] },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      {
        field: `phases.0.rules.rules.${rules.length - 1}.parameterOverrides.minDays`,
        message: 'Phase 1: Winning Days for Payout: Min Days must be a whole number from 1 to 30',
      },
    ]);
    expect((await call('get', at('DAYS31'))).status).toBe(404);
  });

  it('copies under the name the dialog suggests, and keeps the name when none is sent', async () => {
    await call('create', { body: programBody('SOURCE1') });

    const named = await call('copy', {
      ...at('SOURCE1'),
      body: { newPrefix: 'SOURCE1-COPY', newName: ' 50K Evaluation (copy) ' },
    });
    const unnamed = await call('copy', { ...at('SOURCE1'), body: { newPrefix: 'SOURCE1-COPY2' } });
    const blank = await call('copy', {
      ...at('SOURCE1'),
      body: { newPrefix: 'SOURCE1-COPY3', newName: '  ' },
    });

    expect(named.status).toBe(201);
    expect(named.body.name).toBe('50K Evaluation (copy)');
    expect(unnamed.body.name).toBe('50K Evaluation');
    expect(blank.status).toBe(400);
    expect(blank.body.error.details).toEqual([
      { field: 'newName', message: 'New program name is required' },
    ]);
    expect((await call('get', at('SOURCE1-COPY3'))).status).toBe(404);
  });
});
