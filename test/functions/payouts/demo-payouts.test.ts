import { routes, routeKeyOf, type RouteDefinition } from '@shared/api/routes';
import { traderPayoutsSchema } from '@shared/payouts/payout';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../functions/lib/aws/dynamodb';
import { dayKeys } from '../../../functions/lib/db/keys';
import { handler } from '../../../functions/payouts/handler';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { callers, OWNER_TRADER_ID } from '../../support/callers';
import { demoStack, syncAll } from '../../support/demo-firm';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';

/**
 * The demo trader's payout accounts after the real sync of the demo firm's broker files: one that
 * may ask for a payout, one that shows what it still misses; and a payout dated before the latest
 * judged day re-judges the days after it with the new payout history.
 */
const READY = 'SIMF100K-000014';
const NOT_READY = 'SIMF100K-000015';

const route = (key: string) => routes.find((entry) => routeKeyOf(entry) === key) as RouteDefinition;
const call = (
  key: string,
  claims: Record<string, string>,
  params: Record<string, string>,
  body?: unknown,
) =>
  invoke(
    handler,
    httpEvent(route(key), {
      claims,
      pathParameters: params,
      ...(body !== undefined && { body }),
    }),
  );

describe('the demo trader’s payouts', () => {
  // Each test starts from the synced demo firm in a table of its own: the payment test changes
  // READY's payout history, which the eligibility test reads (jest runs them in random order).
  useFreshTable({
    perTest: true,
    seed: async () => {
      const stack = await demoStack({ seed: 'deskline', days: 10 });
      try {
        await syncAll(stack);
      } finally {
        stack.dispose();
      }
    },
  });

  it('has a sim-funded account that may ask for a payout, and one that shows what it misses', async () => {
    const answer = await call('GET /api/traders/{traderId}/payouts', callers.owner, {
      traderId: OWNER_TRADER_ID,
    });
    expect(answer.status).toBe(200);
    const { accounts } = traderPayoutsSchema.parse(answer.body);
    const ready = accounts.find((account) => account.accountId === READY)!;
    expect(ready.phaseName).toBe('100K Sim Funded');
    expect(ready.eligibility.requirements.filter((requirement) => !requirement.met)).toEqual([]);
    expect(ready.eligibility.eligible).toBe(true);
    expect(ready.eligibility.maxAmount).toBeGreaterThanOrEqual(2_000);
    expect(ready.eligibility.profitSplit).toBe(80);

    const notReady = accounts.find((account) => account.accountId === NOT_READY)!;
    expect(notReady.eligibility.eligible).toBe(false);
    const missing = notReady.eligibility.requirements.filter((requirement) => !requirement.met);
    expect(missing.map((requirement) => requirement.id)).toEqual(
      expect.arrayContaining(['days', 'buffer']),
    );
    expect(missing.find((requirement) => requirement.id === 'days')!.text).toMatch(
      /^3 more payout days \(2 of 5\)$/,
    );
    // Accounts of a payout phase come first.
    const pays = accounts.map((account) =>
      account.eligibility.requirements.some(
        (requirement) => requirement.id === 'phase' && requirement.met,
      ),
    );
    expect(pays).toEqual([...pays].sort((a, b) => Number(b) - Number(a)));
    expect(pays).toContain(false);
  });

  it('records a payment dated before the latest judged day and judges the days after it again', async () => {
    const before = (await accountRepository.get(READY))!;
    const days = await performanceRepository.listAllByAccount(READY);
    const dates = days.map((day) => day.Date).sort();
    const paidOn = dates.at(-3)!;
    const latest = dates.at(-1)!;
    // Wipe the judgement of the payment's day and of the latest: only days after the payment are
    // judged again, so only the latest gets one back.
    for (const date of [paidOn, latest]) {
      await dynamoDocumentClient().send(
        new UpdateCommand({
          TableName: process.env.TABLE_NAME,
          Key: dayKeys.performance(READY, date),
          UpdateExpression: 'REMOVE conformance',
        }),
      );
    }
    const requested = await call(
      'POST /api/accounts/{accountId}/payouts',
      callers.owner,
      { accountId: READY },
      { amount: 1_000 },
    );
    expect(requested.status).toBe(201);
    const payoutId = requested.body.payoutId as string;
    expect(
      (await call('POST /api/payouts/{payoutId}/approve', callers.admin, { payoutId }, {})).status,
    ).toBe(200);
    const paid = await call(
      'POST /api/payouts/{payoutId}/pay',
      callers.admin,
      { payoutId },
      { method: 'wire', reference: 'W-1', date: paidOn },
    );
    expect(paid.status).toBe(200);
    expect((await performanceRepository.getStoredDay(READY, latest))?.conformance).not.toBeNull();
    expect((await performanceRepository.getStoredDay(READY, paidOn))?.conformance).toBeNull();

    const after = (await accountRepository.get(READY))!;
    expect(after.accountSummary?.payoutHistory).toEqual([
      { date: paidOn, amount: 1_000, reference: payoutId },
    ]);
    // The account stays judged to its latest day, its figures those of that day.
    expect(after.engineStateDate).toBe(before.engineStateDate);
    expect(after.accountSummary?.currentBalance).toBe(before.accountSummary?.currentBalance);
    expect(after.accountSummary?.lastCalculationDate).toBe(
      before.accountSummary?.lastCalculationDate,
    );
  });
});
