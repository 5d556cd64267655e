import { handler } from '../../../functions/rules/handler';
import { claimsFor, routeCaller } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { seedCatalogue } from '../../support/programs';

/**
 * On the server, what the rule form refuses, the API refuses too, with a 400
 * naming the field in the form's words, and nothing written.
 */

const admin = claimsFor('admin');
const routes = {
  create: { method: 'POST', path: '/api/rules' },
  get: { method: 'GET', path: '/api/rules/{ruleId}' },
  assign: { method: 'POST', path: '/api/rules/programs/{prefix}/phases/{phaseId}/rules' },
} as const;

const call = routeCaller(handler, routes, admin);

const base = {
  description: 'Made by the form refusal tests',
  action: { type: 'warning', description: 'Warns the trader' },
  successMessage: 'ok {actual}',
  failureMessage: 'not ok {actual}',
};

const ruleOf = (ruleId: string, category: string, type: string, testParameters: unknown) => ({
  ...base,
  ruleId,
  name: ruleId,
  category,
  type,
  testClassName: 'TestRule',
  testParameters,
});

describe('rule parameters the form refuses are refused by the API', () => {
  useFreshTable();
  beforeAll(seedCatalogue);

  it.each([
    [
      'Min Days 31',
      ruleOf('days-31', 'trading-days', 'benchmark', { minDays: 31 }),
      'testParameters.minDays',
      'Min Days must be a whole number from 1 to 30',
    ],
    [
      'Min Days 0',
      ruleOf('days-0', 'trading-days', 'benchmark', { minDays: 0 }),
      'testParameters.minDays',
      'Min Days must be at least 1',
    ],
    [
      'Max Drawdown as text with a decimal point',
      ruleOf('dd-text', 'drawdown', 'violation', { maxDrawdown: '2500.50', resetType: 'eod' }),
      'testParameters.maxDrawdown',
      'Max Drawdown accepts digits and commas only (a whole number of dollars)',
    ],
    [
      'Max Drawdown with cents',
      ruleOf('dd-cents', 'drawdown', 'violation', { maxDrawdown: 2500.5, resetType: 'eod' }),
      'testParameters.maxDrawdown',
      'Max Drawdown accepts digits and commas only (a whole number of dollars)',
    ],
    [
      'a missing Max Drawdown',
      ruleOf('dd-missing', 'drawdown', 'violation', { resetType: 'eod' }),
      'testParameters.maxDrawdown',
      'Max Drawdown is required',
    ],
    [
      'Min Consistency 150%',
      ruleOf('consistency-150', 'consistency', 'benchmark', {
        minConsistency: 1.5,
        period: 'daily',
      }),
      'testParameters.minConsistency',
      'Min Consistency must be between 0 and 100%',
    ],
    [
      'an instrument with position factor 0.05',
      ruleOf('instruments-005', 'instruments', 'violation', {
        allowedInstruments: [{ symbol: 'MES', positionFactor: 0.05 }],
      }),
      'testParameters.allowedInstruments.0.positionFactor',
      'Instrument 1: Position factor is at least 0.1',
    ],
    [
      'a news event without a date',
      ruleOf('news-no-date', 'news-trading', 'violation', {
        newsEvents: [{ title: 'CPI', date: '', time: '08:30' }],
        bufferMinutes: 30,
      }),
      'testParameters.newsEvents.0.date',
      'News event 1: Date is required',
    ],
  ])(
    'refuses %s with 400 naming the field, and writes nothing',
    async (_case, body, field, message) => {
      const answer = await call('create', { body });

      expect(answer.status).toBe(400);
      expect(answer.body.error.details).toEqual([{ field, message }]);
      expect((await call('get', { pathParameters: { ruleId: body.ruleId } })).status).toBe(404);
    },
  );

  it('refuses an override of Min Days beyond 30 when assigning a rule to a phase', async () => {
    const answer = await call('assign', {
      pathParameters: { prefix: 'EVAL50K', phaseId: 'evaluation' },
      body: { ruleId: 'winning-days-payout', parameterOverrides: { minDays: 31 } },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      {
        field: 'parameterOverrides.minDays',
        message: 'Winning Days for Payout: Min Days must be a whole number from 1 to 30',
      },
    ]);
  });
});
