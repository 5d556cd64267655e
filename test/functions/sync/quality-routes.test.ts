import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { qualityRepository } from '../../../functions/lib/repositories/quality-repository';
import { BatchWriter } from '../../../functions/lib/db/batch-writer';
import { handler } from '../../../functions/sync/handler';
import type { HeldBreach } from '@shared/sync/held-breaches';
import { claimsFor, httpEvent, testContext, type EventOptions } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { runJobsInTests, settled } from '../../support/jobs';

// Upgrades and voids are background jobs, run here as on the local stack.
runJobsInTests();

async function call(method: 'GET' | 'POST', path: string, options: EventOptions = {}) {
  const result = (await handler(
    httpEvent(
      { method, path: path as `/api/${string}` },
      { claims: claimsFor('admin'), ...options },
    ),
    testContext,
  )) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(String(result.body ?? 'null')) };
}

const hold: HeldBreach = {
  accountId: 'ACC-1',
  date: '20261125',
  traderId: 'T-1',
  failures: [
    { check: 'balance-continuity', message: 'off by 100.00', figures: { difference: 100 } },
  ],
  decidedStatus: 'failed',
  previousStatus: 'active',
  state: 'held',
  heldAt: '2026-11-25T23:00:00.000Z',
};

/** An account held on 20261125 with its judged day, and a released hold of the day before. */
async function storeHeldDay(): Promise<void> {
  const writer = new BatchWriter();
  await writer.put(
    accountRepository.itemOf({
      accountId: 'ACC-1',
      traderId: 'T-1',
      name: 'One',
      status: 'active',
      statusHold: { date: '20261125', status: 'failed' },
    }),
  );
  for (const item of performanceRepository.dayItemsOf({
    Account: 'ACC-1',
    Date: '20261125',
    NetPnl: -900,
    AcctBal: 49_100,
    Trades: 3,
    traderId: 'T-1',
    conformance: null,
    engineState: null,
    judgedBy: null,
  })) {
    await writer.put(item);
  }
  await writer.put(performanceRepository.dateItemOf('20261125'));
  await writer.put(qualityRepository.holdItemOf(hold));
  await writer.put(qualityRepository.holdItemOf({ ...hold, date: '20261124', state: 'released' }));
  await writer.flush();
}

describe('held-breach and void routes (dynalite)', () => {
  // Releasing and voiding change the seeded hold and day: each test starts from the seed.
  useFreshTable({ perTest: true, seed: storeHeldDay });

  it('lists held breaches by state and by dates', async () => {
    expect((await call('GET', '/api/sync/held-breaches')).body.data).toEqual([hold]);
    const all = await call('GET', '/api/sync/held-breaches', { query: { state: 'all' } });
    expect(all.body.data.map((entry: HeldBreach) => entry.date)).toEqual(['20261125', '20261124']);
    const ofDates = await call('GET', '/api/sync/held-breaches', {
      query: { state: 'all', dates: '20261124' },
    });
    expect(ofDates.body.data).toHaveLength(1);
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    const state = await call('GET', '/api/sync/held-breaches', { query: { state: 'open' } });
    expect(state.status).toBe(400);
    expect(JSON.stringify(state.body)).toContain('state');
    const dates = await call('GET', '/api/sync/voids', { query: { dates: '2026-11-25' } });
    expect(dates.status).toBe(400);
    expect(JSON.stringify(dates.body)).toContain('dates');
  });

  it('releases a hold: the status applies and the release is recorded', async () => {
    const released = await call('POST', '/api/sync/held-breaches/{accountId}/{date}/release', {
      pathParameters: { accountId: 'ACC-1', date: '20261125' },
      body: { reason: 'Checked with the broker' },
    });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({
      state: 'released',
      resolvedBy: 'admin@example.com',
      reason: 'Checked with the broker',
    });
    const account = await accountRepository.get('ACC-1');
    expect(account?.status).toBe('failed');
    expect(account?.statusHold).toBeUndefined();
  });

  it('answers 404 for a hold that does not exist', async () => {
    const missing = await call('POST', '/api/sync/held-breaches/{accountId}/{date}/release', {
      pathParameters: { accountId: 'ACC-1', date: '20261120' },
      body: {},
    });
    expect(missing.status).toBe(404);
  });

  it('voids a date with a reason, refuses one without, and lists the void', async () => {
    const refused = await call('POST', '/api/sync/voids', { body: { date: '20261125' } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('reason');
    expect(await qualityRepository.listVoidsOfDate('20261125')).toEqual([]);

    const done = await call('POST', '/api/sync/voids', {
      body: { date: '20261125', accountIds: ['ACC-1'], reason: 'Wrong file' },
    });
    expect(done.status).toBe(202);
    expect(done.body).toMatchObject({ kind: 'date-void', subject: { date: '20261125' } });
    expect(await settled(done)).toMatchObject({ status: 'succeeded', counts: { updated: 1 } });
    expect(await performanceRepository.latestDates(1)).toEqual([]);

    const listed = await call('GET', '/api/sync/voids', { query: { dates: '20261125' } });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ accountId: 'ACC-1', reason: 'Wrong file', AcctBal: 49_100 }),
    ]);
    expect((await call('GET', '/api/sync/voids')).body.data).toHaveLength(1);
  });
});
