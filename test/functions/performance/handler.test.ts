import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { handler } from '../../../functions/performance/handler';

import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { demoStack, syncAll, type DemoStack } from '../../support/demo-firm';
import { useFreshTable } from '../../support/fresh-table';

const report = { method: 'GET', path: '/api/performance/account/{accountId}/{date}' } as const;
const regenerate = {
  method: 'POST',
  path: '/api/performance/regenerate/{accountId}/{date}',
} as const;
const admin = claimsFor('admin');

let stack: DemoStack;
let demo: DemoStack['demo'];

describe('performance report and regenerate', () => {
  useFreshTable();

  beforeAll(async () => {
    stack = await demoStack({ seed: 'perf-test', days: 6 });
    demo = stack.demo;
    await syncAll(stack);
  }, 60_000);

  afterAll(() => stack.dispose());

  const bust = () =>
    demo.manifest.scenarios.find((entry) => entry.name === 'trailing-drawdown-bust')!;

  it('answers the performance report of an account-day with trades, symbols and conformance', async () => {
    const { accountId, failedOn } = bust();

    const answer = await invoke(
      handler,
      httpEvent(report, { pathParameters: { accountId, date: failedOn! }, claims: admin }),
    );

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      Account: accountId,
      date: failedOn,
      traderId: bust().traderId,
    });
    expect(answer.body.traderEmail).toContain('@');
    expect(answer.body.trades.length).toBeGreaterThan(0);
    expect(answer.body.symbols.length).toBeGreaterThan(0);
    expect(answer.body.trades[0]).not.toHaveProperty('Account');
    expect(answer.body.conformance).toMatchObject({
      overallStatus: 'violation',
      hasViolations: true,
    });
    expect(answer.body).not.toHaveProperty('engineState');
    expect(answer.body).not.toHaveProperty('judgedBy');
  });

  it('answers 404 for an account-day without data and 400 for a date that is not YYYYMMDD', async () => {
    const missing = await invoke(
      handler,
      httpEvent(report, { pathParameters: { accountId: 'NOPE', date: '20260302' }, claims: admin }),
    );
    const bad = await invoke(
      handler,
      httpEvent(report, { pathParameters: { accountId: 'X', date: '2026-03-02' }, claims: admin }),
    );

    const noDay = await invoke(
      handler,
      httpEvent(report, {
        pathParameters: { accountId: bust().accountId, date: '20200302' },
        claims: admin,
      }),
    );

    expect(missing.status).toBe(404);
    // Dates in messages read as the screens show them.
    expect(noDay.status).toBe(404);
    expect(noDay.body.error.message).toBe(
      `No performance data for ${bust().accountId} on 03/02/2020`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('date');
  });

  it('re-judges an account from a date on and, with unchanged rules, stores the same judgement', async () => {
    const { accountId } = bust();
    const from = demo.dates[2]!;
    const before = await performanceRepository.listDaysFrom(accountId, from);

    const answer = await invoke(
      handler,
      httpEvent(regenerate, { pathParameters: { accountId, date: from }, claims: admin }),
    );

    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        message: `Performance of ${accountId} re-judged from ${from.slice(4, 6)}/${from.slice(6, 8)}/${from.slice(0, 4)} (${before.days.length} days)`,
      },
    });
    expect(await performanceRepository.listDaysFrom(accountId, from)).toEqual(before);
  });

  it('refuses to regenerate while a sync runs, and for an account it does not know', async () => {
    await syncRepository.acquireLock('busy', Date.now(), Date.now() + 60_000);
    const busy = await invoke(
      handler,
      httpEvent(regenerate, {
        pathParameters: { accountId: bust().accountId, date: demo.dates[0]! },
        claims: admin,
      }),
    );
    await syncRepository.releaseLock('busy');
    const unknown = await invoke(
      handler,
      httpEvent(regenerate, {
        pathParameters: { accountId: 'NOPE', date: demo.dates[0]! },
        claims: admin,
      }),
    );

    expect(busy.status).toBe(409);
    expect(unknown.status).toBe(404);
  });
});
