import { routes, routeKeyOf, type RouteDefinition } from '@shared/api/routes';
import type { NotificationEvent } from '@shared/notifications/events';
import {
  accountPayoutsSchema,
  payoutDetailSchema,
  payoutQueueSchema,
  payoutRecordSchema,
  traderPayoutsSchema,
} from '@shared/payouts/payout';
import type { AccountSummaryRecordInput } from '@shared/summaries/account-summary-record';
import { batchPutAll } from '../../../functions/lib/db/batch-writer';
import { payoutKeys } from '../../../functions/lib/db/keys';
import { getItem } from '../../../functions/lib/db/table';
import { onEventPublished } from '../../../functions/lib/notifications/publish';
import { handler, TRADER_ONLY_MESSAGE } from '../../../functions/payouts/handler';
import { PAYMENT_BUSY_MESSAGE } from '../../../functions/payouts/payment';
import {
  accountRepository,
  type StoredAccountInput,
} from '../../../functions/lib/repositories/account-repository';
import { payoutRepository } from '../../../functions/lib/repositories/payout-repository';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import { callers, OWNER_TRADER_ID } from '../../support/callers';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { seedCatalogue } from '../../support/programs';

const FUNDED = 'SIMF100K-000901';
const EVALUATION = 'EVAL50K-000902';
const OTHERS = 'SIMF100K-000903';

const route = (key: string) => routes.find((entry) => routeKeyOf(entry) === key) as RouteDefinition;

function call(
  key: string,
  options: {
    claims?: Record<string, string>;
    params?: Record<string, string>;
    body?: unknown;
    query?: Record<string, string>;
  } = {},
) {
  return invoke(
    handler,
    httpEvent(route(key), {
      ...(options.claims && { claims: options.claims }),
      ...(options.params && { pathParameters: options.params }),
      ...(options.body !== undefined && { body: options.body }),
      ...(options.query && { query: options.query }),
    }),
  );
}

/** A judged summary of the latest day, 20260312, as the nightly sync stores it. */
function summaryOf(
  accountId: string,
  traderId: string,
  overrides: Partial<AccountSummaryRecordInput> = {},
): AccountSummaryRecordInput {
  return {
    accountId,
    traderId,
    phase: 'sim-funded',
    accountStatus: 'active',
    conformanceStatus: 'compliant',
    overallScore: 100,
    startingBalance: 100_000,
    currentBalance: 104_000,
    peakBalance: 104_000,
    totalProfit: 4_000,
    currentDrawdown: 0,
    totalDrawdown: 0,
    profitTarget: null,
    profitTargetProgress: 0,
    profitTargetAchieved: false,
    totalTrades: 20,
    winningTrades: 14,
    losingTrades: 6,
    winRate: 0.7,
    averageWin: 400,
    averageLoss: -200,
    profitFactor: 2,
    maxConsecutiveWins: 4,
    maxConsecutiveLosses: 2,
    monthlyTradeCount: 20,
    tradingDaysCompleted: 8,
    minTradingDaysRequired: null,
    payoutDaysCompleted: 6,
    payoutDaysRequired: 5,
    consecutiveWinningDays: 2,
    consistencyRuleCompliant: true,
    trailingDrawdownCompliant: true,
    activeRuleViolations: 0,
    activeViolations: [],
    inactivityWarning: false,
    firstPayoutRequirementsMet: true,
    payoutEligible: true,
    phasePassed: false,
    phasePassedDate: null,
    phaseFailed: false,
    phaseFailedDate: null,
    startDate: '20260302',
    lastTradingDate: '20260312',
    lastCalculationDate: '20260312',
    payoutHistory: [],
    lastconformanceCheck: '2026-03-12T23:00:00.000Z',
    createdAt: '2026-03-02T23:00:00.000Z',
    updatedAt: '2026-03-12T23:00:00.000Z',
    ...overrides,
  };
}

function accountOf(
  accountId: string,
  traderId: string,
  prefix: string,
  summary?: AccountSummaryRecordInput,
): StoredAccountInput {
  const phase = prefix === 'EVAL50K' ? 'evaluation' : 'sim-funded';
  return {
    accountId,
    traderId,
    name: `Account ${accountId}`,
    phase,
    rithmicStatus: 'Active',
    status: 'active',
    program: {
      prefix,
      name: prefix,
      version: 1,
      currentPhase: phase,
      currentPhaseData: { type: phase, startingBalance: 100_000 },
    },
    engineStateDate: '20260312',
    ...(summary && { accountSummary: summary }),
  };
}

async function seed(): Promise<void> {
  await seedCatalogue();
  await batchPutAll([
    traderRepository.itemOf({
      traderId: OWNER_TRADER_ID,
      firstName: 'Demo',
      lastName: 'Trader',
      email: 'trader@example.com',
    } as never),
    traderRepository.itemOf({
      traderId: 'TR999998',
      firstName: 'Someone',
      lastName: 'Else',
      email: 'someone.else@example.com',
    } as never),
    accountRepository.itemOf(
      accountOf(FUNDED, OWNER_TRADER_ID, 'SIMF100K', summaryOf(FUNDED, OWNER_TRADER_ID)),
    ),
    accountRepository.itemOf(
      accountOf(
        EVALUATION,
        OWNER_TRADER_ID,
        'EVAL50K',
        summaryOf(EVALUATION, OWNER_TRADER_ID, { phase: 'evaluation' }),
      ),
    ),
    accountRepository.itemOf(
      accountOf(OTHERS, 'TR999998', 'SIMF100K', summaryOf(OTHERS, 'TR999998')),
    ),
  ]);
}

const owner = callers.owner;
const staff = callers.admin;
const other = callers.other;

let events: NotificationEvent[] = [];
let stopListening: () => void;
beforeEach(() => {
  events = [];
  stopListening = onEventPublished(async (event) => {
    events.push(event);
  });
});
afterEach(() => stopListening());

async function request(amount: number, accountId = FUNDED) {
  return call('POST /api/accounts/{accountId}/payouts', {
    claims: owner,
    params: { accountId },
    body: { amount, note: 'Rent' },
  });
}

async function approve(payoutId: string, body: Record<string, unknown> = {}) {
  return call('POST /api/payouts/{payoutId}/approve', {
    claims: staff,
    params: { payoutId },
    body,
  });
}

const PAYMENT = { method: 'ach', reference: 'ACH-7731', date: '20260313' };

async function pay(payoutId: string, body: Record<string, unknown> = PAYMENT) {
  return call('POST /api/payouts/{payoutId}/pay', { claims: staff, params: { payoutId }, body });
}

describe('payouts', () => {
  useFreshTable({ perTest: true, seed });

  it('answers an account its eligibility and payouts', async () => {
    const answer = await call('GET /api/accounts/{accountId}/payouts', {
      claims: owner,
      params: { accountId: FUNDED },
    });
    expect(answer.status).toBe(200);
    const body = accountPayoutsSchema.parse(answer.body);
    // 104,000 − (100,000 + the demo SIMF100K buffer of 1,000)
    expect(body.eligibility).toMatchObject({
      eligible: true,
      maxAmount: 3_000,
      minAmount: 500,
      profitSplit: 80,
    });
    expect(body.payouts).toEqual([]);
  });

  it('walks request → approve (less) → paid, with who, when and why, and the payout history', async () => {
    const requested = await request(1_200);
    expect(requested.status).toBe(201);
    const payout = payoutRecordSchema.parse(requested.body);
    expect(payout).toMatchObject({
      accountId: FUNDED,
      traderId: OWNER_TRADER_ID,
      status: 'requested',
      requestedAmount: 1_200,
      judgedDate: '20260312',
      version: 1,
    });
    expect(payout.history).toEqual([
      expect.objectContaining({ status: 'requested', by: OWNER_TRADER_ID, byRole: 'trader' }),
    ]);

    const queue = await call('GET /api/payouts', { claims: staff, query: { status: 'requested' } });
    expect(payoutQueueSchema.parse(queue.body).payouts.map((p) => p.payoutId)).toEqual([
      payout.payoutId,
    ]);
    const detail = await call('GET /api/payouts/{payoutId}', {
      claims: staff,
      params: { payoutId: payout.payoutId },
    });
    expect(payoutDetailSchema.parse(detail.body).eligibility.requirements).toContainEqual({
      id: 'open-request',
      met: false,
      text: 'A payout request is already pending',
    });

    const tooMuch = await approve(payout.payoutId, { amount: 1_200.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.details).toEqual([
      { field: 'amount', message: 'amount must be at most the $1,200.00 requested' },
    ]);

    const approved = await approve(payout.payoutId, { amount: 1_000, note: 'Cap this month' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approvedAmount: 1_000, version: 2 });
    expect(approved.body.history[1]).toMatchObject({
      status: 'approved',
      by: 'admin@example.com',
      byRole: 'staff',
      amount: 1_000,
      note: 'Cap this month',
    });

    // Approved money is no longer available; a new request may be made.
    const between = await call('GET /api/accounts/{accountId}/payouts', {
      claims: owner,
      params: { accountId: FUNDED },
    });
    expect(between.body.eligibility).toMatchObject({ eligible: true, maxAmount: 2_000 });

    const paid = await pay(payout.payoutId);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', payment: PAYMENT, version: 3 });
    expect(paid.body.history.map((entry: { status: string }) => entry.status)).toEqual([
      'requested',
      'approved',
      'paid',
    ]);

    const account = await accountRepository.get(FUNDED);
    expect(account?.accountSummary?.payoutHistory).toEqual([
      { date: '20260313', amount: 1_000, reference: payout.payoutId },
    ]);
    const list = await call('GET /api/accounts/{accountId}/payouts', {
      claims: owner,
      params: { accountId: FUNDED },
    });
    expect(list.body.payouts).toHaveLength(1);
    // Paid after the latest judged day: still in the judged balance, so still taken off.
    expect(list.body.eligibility.maxAmount).toBe(2_000);

    expect(events.map((event) => [event.type, event.key])).toEqual([
      ['payout.requested', `payout.requested#${payout.payoutId}`],
      ['payout.approved', `payout.approved#${payout.payoutId}`],
      ['payout.paid', `payout.paid#${payout.payoutId}`],
    ]);
    expect(events[1]).toMatchObject({
      traderId: OWNER_TRADER_ID,
      accountId: FUNDED,
      link: '/traders/payouts',
      text: `Your payout request of $1,200.00 from ${FUNDED} was approved for $1,000.00.`,
    });
    expect(events[2]!.text).toBe(
      `Your payout of $1,000.00 from ${FUNDED} was paid on 03/13/2026 by ACH (reference ACH-7731).`,
    );

    // Paying again changes nothing and emits nothing.
    const again = await pay(payout.payoutId);
    expect(again.status).toBe(409);
    expect(events).toHaveLength(3);
  });

  it('rejects with a reason and whether the profit is forfeited', async () => {
    const { body: payout } = await request(800);
    const missing = await call('POST /api/payouts/{payoutId}/reject', {
      claims: staff,
      params: { payoutId: payout.payoutId },
      body: { reason: '  ', profitForfeited: false },
    });
    expect(missing.status).toBe(400);
    const rejected = await call('POST /api/payouts/{payoutId}/reject', {
      claims: staff,
      params: { payoutId: payout.payoutId },
      body: { reason: 'Copy trading with another account', profitForfeited: true },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejection: { reason: 'Copy trading with another account', profitForfeited: true },
    });
    expect(rejected.body.history[1]).toMatchObject({
      status: 'rejected',
      by: 'admin@example.com',
      note: 'Copy trading with another account (profit forfeited)',
    });
    expect(events.map((event) => event.type)).toEqual(['payout.requested', 'payout.rejected']);
    expect(events[1]!.text).toBe(
      `Your payout request of $800.00 from ${FUNDED} was rejected: Copy trading with another account. The profit is forfeited.`,
    );
    // A rejected payout is final; the account may ask again.
    expect((await approve(payout.payoutId)).status).toBe(409);
    expect((await request(600)).status).toBe(201);
  });

  it('lets the trader cancel while requested, not after a decision', async () => {
    const { body: payout } = await request(700);
    const cancelRoute = 'POST /api/accounts/{accountId}/payouts/{payoutId}/cancel';
    const params = { accountId: FUNDED, payoutId: payout.payoutId };
    const byStaff = await call(cancelRoute, { claims: staff, params });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.error.message).toBe(TRADER_ONLY_MESSAGE);
    const byOther = await call(cancelRoute, { claims: other, params });
    expect(byOther.status).toBe(404);
    const wrongAccount = await call(cancelRoute, {
      claims: owner,
      params: { accountId: EVALUATION, payoutId: payout.payoutId },
    });
    expect(wrongAccount.status).toBe(404);

    const cancelled = await call(cancelRoute, { claims: owner, params });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', version: 2 });
    expect(cancelled.body.history[1]).toMatchObject({ by: OWNER_TRADER_ID, byRole: 'trader' });
    expect(await getItem(payoutKeys.openRequest(FUNDED))).toBeUndefined();
    expect((await call(cancelRoute, { claims: owner, params })).status).toBe(409);

    const { body: second } = await request(700);
    await approve(second.payoutId);
    const late = await call(cancelRoute, {
      claims: owner,
      params: { accountId: FUNDED, payoutId: second.payoutId },
    });
    expect(late.status).toBe(409);
  });

  it('lets exactly one of two approvals made at once win', async () => {
    const { body: payout } = await request(1_000);
    const answers = await Promise.all([
      approve(payout.payoutId, { amount: 900 }),
      approve(payout.payoutId, { amount: 1_000 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const stored = await payoutRepository.get(payout.payoutId);
    const winner = answers.find((answer) => answer.status === 200)!.body;
    expect(stored).toMatchObject({ version: 2, approvedAmount: winner.approvedAmount });
    expect(stored?.history.filter((entry) => entry.status === 'approved')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'payout.approved')).toHaveLength(1);
  });

  it('lets exactly one of two payments made at once win, and records the payout once', async () => {
    const { body: payout } = await request(1_000);
    await approve(payout.payoutId);
    const answers = await Promise.all([
      pay(payout.payoutId, PAYMENT),
      pay(payout.payoutId, { ...PAYMENT, reference: 'ACH-7732' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect([PAYMENT_BUSY_MESSAGE, expect.stringContaining('is paid')]).toContainEqual(
      loser.body.error.message,
    );
    const account = await accountRepository.get(FUNDED);
    expect(account?.accountSummary?.payoutHistory).toHaveLength(1);
    expect(events.filter((event) => event.type === 'payout.paid')).toHaveLength(1);
  });

  it('brings the payout history level when a paid payout is paid again (a failed history write)', async () => {
    const at = '2026-03-13T10:00:00.000Z';
    await payoutRepository.create({
      payoutId: 'po_lost',
      accountId: FUNDED,
      traderId: OWNER_TRADER_ID,
      status: 'paid',
      requestedAmount: 700,
      approvedAmount: 650,
      judgedDate: '20260312',
      requestedAt: at,
      updatedAt: at,
      payment: { method: 'wire', reference: 'W-9', date: '20260310' },
      history: [],
      version: 3,
    });
    const again = await pay('po_lost');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Payout po_lost is paid: it cannot pay now');
    const account = await accountRepository.get(FUNDED);
    expect(account?.accountSummary?.payoutHistory).toEqual([
      { date: '20260310', amount: 650, reference: 'po_lost' },
    ]);
    expect(events).toEqual([]);
  });

  it('refuses a second request while one is pending, even two made at once', async () => {
    const answers = await Promise.all([request(600), request(700)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const third = await request(500);
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe('A payout request is already pending');
    expect(await payoutRepository.listByAccount(FUNDED)).toHaveLength(1);
  });

  it('refuses a request once the latest judged day made the account ineligible, and writes nothing', async () => {
    const account = (await accountRepository.get(FUNDED))!;
    // The night judged a day that broke the drawdown.
    await accountRepository.replace({
      ...account,
      status: 'failed',
      accountSummary: {
        ...account.accountSummary!,
        accountStatus: 'failed',
        phaseFailed: true,
        phaseFailedDate: '20260313',
        currentBalance: 96_900,
        lastCalculationDate: '20260313',
      },
    });
    const refused = await request(500);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      { field: 'standing', message: 'The account failed on 03/13/2026' },
      {
        field: 'buffer',
        message: 'Balance must stay $1,000.00 above the starting balance: $3,100.00 below now',
      },
      { field: 'minimum', message: 'Minimum payout is $500.00; $0.00 available' },
    ]);
    expect(await payoutRepository.listByAccount(FUNDED)).toEqual([]);
    expect(await getItem(payoutKeys.openRequest(FUNDED))).toBeUndefined();
    expect(events).toEqual([]);
  });

  it('refuses an amount outside the minimum and the most available, naming the amount', async () => {
    const tooMuch = await request(3_000.01);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.details).toEqual([
      { field: 'amount', message: 'amount must be at most $3,000.00 (available now)' },
    ]);
    const tooLittle = await request(499.99);
    expect(tooLittle.status).toBe(400);
    expect(tooLittle.body.error.details[0].field).toBe('amount');
    const evaluation = await request(500, EVALUATION);
    expect(evaluation.status).toBe(409);
    expect(evaluation.body.error.details).toContainEqual({
      field: 'phase',
      message: 'The 50K Evaluation phase does not pay out',
    });
  });

  it("keeps traders to their own accounts, staff out of the trader's actions, traders out of staff's", async () => {
    const foreign = await call('POST /api/accounts/{accountId}/payouts', {
      claims: owner,
      params: { accountId: OTHERS },
      body: { amount: 500 },
    });
    expect(foreign.status).toBe(404);
    const byStaff = await call('POST /api/accounts/{accountId}/payouts', {
      claims: staff,
      params: { accountId: FUNDED },
      body: { amount: 500 },
    });
    expect(byStaff.status).toBe(403);
    const { body: payout } = await request(600);
    for (const key of [
      'POST /api/payouts/{payoutId}/approve',
      'POST /api/payouts/{payoutId}/reject',
      'POST /api/payouts/{payoutId}/pay',
    ]) {
      const body = key.endsWith('reject')
        ? { reason: 'No', profitForfeited: false }
        : key.endsWith('pay')
          ? PAYMENT
          : {};
      const answer = await call(key, {
        claims: owner,
        params: { payoutId: payout.payoutId },
        body,
      });
      expect({ key, status: answer.status }).toEqual({ key, status: 403 });
    }
    for (const key of ['GET /api/payouts', 'GET /api/payouts/{payoutId}']) {
      const answer = await call(key, { claims: owner, params: { payoutId: payout.payoutId } });
      expect({ key, status: answer.status }).toEqual({ key, status: 403 });
    }
    expect(await payoutRepository.get(payout.payoutId)).toMatchObject({
      status: 'requested',
      version: 1,
    });
  });

  it("answers a trader's accounts with their eligibility and payouts, payout phases first", async () => {
    await request(600);
    const answer = await call('GET /api/traders/{traderId}/payouts', {
      claims: owner,
      params: { traderId: OWNER_TRADER_ID },
    });
    expect(answer.status).toBe(200);
    const body = traderPayoutsSchema.parse(answer.body);
    expect(body.traderId).toBe(OWNER_TRADER_ID);
    expect(body.accounts.map((account) => [account.accountId, account.phaseName])).toEqual([
      [FUNDED, '100K Sim Funded'],
      [EVALUATION, '50K Evaluation'],
    ]);
    expect(body.accounts[0]!.payouts).toHaveLength(1);
    expect(body.accounts[0]!.eligibility.eligible).toBe(false);
    const foreign = await call('GET /api/traders/{traderId}/payouts', {
      claims: other,
      params: { traderId: OWNER_TRADER_ID },
    });
    expect(foreign.status).toBe(403);
  });

  it('pages the queue oldest first', async () => {
    await batchPutAll(
      [1, 2, 3].map((index) =>
        payoutRepository.itemOf({
          payoutId: `po_${index}`,
          accountId: `SIMF100K-00099${index}`,
          traderId: 'TR000009',
          status: 'approved',
          requestedAmount: 100 * index,
          approvedAmount: 100 * index,
          judgedDate: '20260312',
          requestedAt: `2026-03-1${index}T10:00:00.000Z`,
          updatedAt: `2026-03-1${4 - index}T10:00:00.000Z`,
          history: [],
          version: 2,
        }),
      ),
    );
    const first = await call('GET /api/payouts', {
      claims: staff,
      query: { status: 'approved', limit: '2' },
    });
    expect(first.body.payouts.map((payout: { payoutId: string }) => payout.payoutId)).toEqual([
      'po_3',
      'po_2',
    ]);
    const next = await call('GET /api/payouts', {
      claims: staff,
      query: { status: 'approved', limit: '2', cursor: first.body.nextCursor },
    });
    expect(next.body.payouts.map((payout: { payoutId: string }) => payout.payoutId)).toEqual([
      'po_1',
    ]);
    expect(next.body.nextCursor).toBeUndefined();
    const bad = await call('GET /api/payouts', { claims: staff, query: { status: 'pending' } });
    expect(bad.status).toBe(400);
  });
});
