import { randomUUID } from 'node:crypto';
import { accountPathSchema } from '@shared/accounts/account';
import { displayDate } from '@shared/common/display-date';
import { dollarsToCents } from '@shared/money/decimal';
import { formatUsdCents } from '@shared/money/format';
import type { NotificationEventType } from '@shared/notifications/events';
import { requestProblems } from '@shared/payouts/eligibility';
import {
  accountPayoutPathSchema,
  payoutApproveBodySchema,
  payoutPathSchema,
  payoutPayBodySchema,
  payoutQueueQuerySchema,
  payoutRejectBodySchema,
  payoutRequestBodySchema,
  PAYOUT_TRANSITIONS,
  type AccountPayouts,
  type PayoutDetail,
  type PayoutQueue,
  type PayoutRecord,
  type PayoutStatus,
  type PayoutTransition,
  type TraderPayouts,
} from '@shared/payouts/payout';
import { traderPathSchema } from '@shared/traders/trader-list';
import { payoutsRoutes } from '@shared/api/routes/payouts';
import { assertIsTraderOrStaff, assertOwnsAccount } from '../lib/account-access';
import type { Caller } from '../lib/auth-context';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  ValidationError,
} from '../lib/errors';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { logger } from '../lib/logger';
import { emitEvent } from '../lib/notifications/outbox';
import { accountRepository, type StoredAccount } from '../lib/repositories/account-repository';
import { payoutRepository } from '../lib/repositories/payout-repository';
import { traderRepository } from '../lib/repositories/trader-repository';
import { accountPayoutState } from './eligibility-source';
import { recordPaidPayouts, withPaymentLock } from './payment';

/** The trader's screen of their payouts: every payout event links there. */
export const TRADER_PAYOUTS_LINK = '/traders/payouts';
/** The staff's Payouts screen (`?payout=` opens one). */
export const STAFF_PAYOUTS_LINK = '/payouts';

/** The 403 of staff calling a trader's own action (request, cancel). */
export const TRADER_ONLY_MESSAGE = "Only the account's trader may request or cancel a payout";

const usd = (dollars: number) => formatUsdCents(dollarsToCents(dollars));

async function ownedAccount(caller: Caller | undefined, accountId: string) {
  const account = await accountRepository.get(accountId);
  if (!account) throw new NotFoundError(`Account ${accountId} not found`);
  await assertOwnsAccount(caller, account);
  return account;
}

/** A trader's own action: the account must be theirs (404 otherwise), and staff may not act for them. */
async function tradersOwnAccount(caller: Caller | undefined, accountId: string) {
  const account = await ownedAccount(caller, accountId);
  if (caller?.role === 'admin') throw new ForbiddenError(TRADER_ONLY_MESSAGE);
  return account;
}

async function existingPayout(payoutId: string): Promise<PayoutRecord> {
  const payout = await payoutRepository.get(payoutId);
  if (!payout) throw new NotFoundError(`Payout ${payoutId} not found`);
  return payout;
}

/** Who moves a payout: the staff member's e-mail from the token, or the trader's id. */
function actorOf(caller: Caller | undefined): Pick<PayoutTransition, 'by' | 'byRole'> {
  if (caller?.role === 'admin') return { by: caller.email ?? caller.userId, byRole: 'staff' };
  return { by: caller?.traderId ?? caller?.userId ?? 'unknown', byRole: 'trader' };
}

/** 409 unless the payout may move to `to` from where it stands. */
function assertMay(payout: PayoutRecord, to: PayoutStatus): void {
  if (PAYOUT_TRANSITIONS[payout.status].includes(to)) return;
  const verb = { approved: 'approve', rejected: 'reject', paid: 'pay', cancelled: 'cancel' }[
    to as Exclude<PayoutStatus, 'requested'>
  ];
  throw new ConflictError(`Payout ${payout.payoutId} is ${payout.status}: it cannot ${verb} now`);
}

/** The payout after one move: next version, status, and the move in its history. */
function moved(
  payout: PayoutRecord,
  to: PayoutStatus,
  caller: Caller | undefined,
  changes: Partial<PayoutRecord>,
  entry: Pick<PayoutTransition, 'amount' | 'note'>,
): PayoutRecord {
  const at = new Date().toISOString();
  return {
    ...payout,
    ...changes,
    status: to,
    updatedAt: at,
    version: payout.version + 1,
    history: [
      ...payout.history,
      {
        status: to,
        at,
        ...actorOf(caller),
        ...(entry.amount !== undefined && { amount: entry.amount }),
        ...(entry.note && { note: entry.note }),
      },
    ],
  };
}

/** The sentence of a payout event, as the trader's e-mail says it. */
export function payoutEventText(type: NotificationEventType, payout: PayoutRecord): string {
  const asked = `Your payout request of ${usd(payout.requestedAmount)} from ${payout.accountId}`;
  const amount = usd(payout.approvedAmount ?? payout.requestedAmount);
  switch (type) {
    case 'payout.requested':
      return `${asked} was received; staff will review it.`;
    case 'payout.approved':
      return `${asked} was approved for ${amount}.`;
    case 'payout.rejected': {
      const rejection = payout.rejection;
      const profit = rejection?.profitForfeited
        ? 'The profit is forfeited.'
        : 'The profit stays in the account.';
      return `${asked} was rejected: ${rejection?.reason ?? 'no reason given'}. ${profit}`;
    }
    case 'payout.paid': {
      const payment = payout.payment;
      return (
        `Your payout of ${amount} from ${payout.accountId} was paid` +
        (payment
          ? ` on ${displayDate(payment.date)} by ${payment.method.toUpperCase()} (reference ${payment.reference}).`
          : '.')
      );
    }
    default:
      return `Your payout ${payout.payoutId} is ${payout.status}.`;
  }
}

/**
 * Tells the trader (and the firm) once the write stood; the key makes it once per payout and move.
 * A failure to record the event is logged, not answered: the payout moved, and a retry of the
 * request would only meet a 409.
 */
async function emitPayoutEvent(type: NotificationEventType, payout: PayoutRecord): Promise<void> {
  try {
    await emitEvent({
      type,
      key: `${type}#${payout.payoutId}`,
      traderId: payout.traderId,
      accountId: payout.accountId,
      text: payoutEventText(type, payout),
      link: TRADER_PAYOUTS_LINK,
      // Staff are e-mailed about requests: who asked for what, and the payout on their queue.
      ...(type === 'payout.requested' && {
        staff: {
          text: `Trader ${payout.traderId} asked for a payout of ${usd(payout.requestedAmount)} from ${payout.accountId}.`,
          link: `${STAFF_PAYOUTS_LINK}?payout=${encodeURIComponent(payout.payoutId)}`,
        },
      }),
      data: {
        payoutId: payout.payoutId,
        accountId: payout.accountId,
        status: payout.status,
        requestedAmount: payout.requestedAmount,
        ...(payout.approvedAmount !== undefined && { approvedAmount: payout.approvedAmount }),
        ...(payout.rejection && { rejection: payout.rejection }),
        ...(payout.payment && { payment: payout.payment }),
      },
    });
  } catch (error) {
    logger.error('payout event not recorded', { type, payoutId: payout.payoutId, error });
  }
}

/** Frees the account's open-request marker once its request is decided or withdrawn. */
async function settleRequest(from: PayoutRecord, to: PayoutRecord): Promise<void> {
  if (from.status === 'requested' && to.status !== 'requested') {
    await payoutRepository.releaseOpenRequest(to.accountId, to.payoutId);
  }
}

async function moveAndTell(
  from: PayoutRecord,
  to: PayoutRecord,
  event: NotificationEventType | null,
): Promise<PayoutRecord> {
  await payoutRepository.transition(from, to);
  await settleRequest(from, to);
  if (event) await emitPayoutEvent(event, to);
  return to;
}

/** Claims the account's one open request for `payoutId` (409 while another is pending). */
async function claimOpenRequest(accountId: string, payoutId: string): Promise<void> {
  const holder = await payoutRepository.openRequestHolder(accountId);
  if (holder === undefined)
    return payoutRepository.claimOpenRequest(accountId, payoutId, undefined);
  const held = await payoutRepository.get(holder);
  if (held?.status === 'requested') {
    throw new ConflictError('A payout request is already pending');
  }
  // A marker a crash left behind (its request was decided, or never stored): taken over.
  return payoutRepository.claimOpenRequest(accountId, payoutId, holder);
}

async function requestPayout(
  account: StoredAccount,
  caller: Caller | undefined,
  body: { amount: number; note?: string | undefined },
): Promise<PayoutRecord> {
  const { eligibility } = await accountPayoutState(account);
  const open = eligibility.requirements.find((requirement) => requirement.id === 'open-request');
  if (open && !open.met) throw new ConflictError(open.text);
  const problems = requestProblems(eligibility, body.amount);
  if (!eligibility.eligible) {
    const unmet = eligibility.requirements.filter((requirement) => !requirement.met);
    throw new HttpError(
      409,
      'CONFLICT',
      `No payout can be requested from ${account.accountId} now: ${problems.join('; ')}`,
      unmet.map((requirement) => ({ field: requirement.id, message: requirement.text })),
    );
  }
  if (problems.length > 0) {
    throw new ValidationError(
      problems.join('; '),
      problems.map((message) => ({ field: 'amount', message })),
    );
  }
  const at = new Date().toISOString();
  const payout: PayoutRecord = {
    payoutId: `po_${randomUUID()}`,
    accountId: account.accountId,
    traderId: account.traderId,
    status: 'requested',
    requestedAmount: body.amount,
    judgedDate: eligibility.latestJudgedDate,
    requestedAt: at,
    updatedAt: at,
    history: [
      {
        status: 'requested',
        at,
        ...actorOf(caller),
        amount: body.amount,
        ...(body.note && { note: body.note }),
      },
    ],
    version: 1,
  };
  await claimOpenRequest(account.accountId, payout.payoutId);
  try {
    await payoutRepository.create(payout);
  } catch (error) {
    await payoutRepository.releaseOpenRequest(account.accountId, payout.payoutId);
    throw error;
  }
  await emitPayoutEvent('payout.requested', payout);
  return payout;
}

/** Accounts of a payout phase first, then by id. */
const byPayoutPhaseThenId = (
  a: { accountId: string; pays: boolean },
  b: { accountId: string; pays: boolean },
) => Number(b.pays) - Number(a.pays) || a.accountId.localeCompare(b.accountId);

export const handler = createHttpHandler(payoutsRoutes, {
  'GET /api/payouts': route({
    query: payoutQueueQuerySchema,
    async handle({ query }): Promise<PayoutQueue> {
      const page = await payoutRepository.listByStatus(query.status, query.limit, query.cursor);
      return { payouts: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
    },
  }),

  'GET /api/payouts/{payoutId}': route({
    params: payoutPathSchema,
    async handle({ params }): Promise<PayoutDetail> {
      const payout = await existingPayout(params.payoutId);
      const account = await accountRepository.get(payout.accountId);
      if (!account) throw new NotFoundError(`Account ${payout.accountId} not found`);
      const { eligibility } = await accountPayoutState(account);
      return { payout, eligibility };
    },
  }),

  'POST /api/payouts/{payoutId}/approve': route({
    params: payoutPathSchema,
    body: payoutApproveBodySchema,
    async handle({ params, body, caller }): Promise<PayoutRecord> {
      const payout = await existingPayout(params.payoutId);
      assertMay(payout, 'approved');
      const amount = body.amount ?? payout.requestedAmount;
      if (dollarsToCents(amount) > dollarsToCents(payout.requestedAmount)) {
        const message = `amount must be at most the ${usd(payout.requestedAmount)} requested`;
        throw new ValidationError(message, [{ field: 'amount', message }]);
      }
      const next = moved(
        payout,
        'approved',
        caller,
        { approvedAmount: amount },
        { amount, note: body.note },
      );
      return moveAndTell(payout, next, 'payout.approved');
    },
  }),

  'POST /api/payouts/{payoutId}/reject': route({
    params: payoutPathSchema,
    body: payoutRejectBodySchema,
    async handle({ params, body, caller }): Promise<PayoutRecord> {
      const payout = await existingPayout(params.payoutId);
      assertMay(payout, 'rejected');
      const rejection = { reason: body.reason, profitForfeited: body.profitForfeited };
      const note = `${body.reason}${body.profitForfeited ? ' (profit forfeited)' : ''}`;
      const next = moved(payout, 'rejected', caller, { rejection }, { note });
      return moveAndTell(payout, next, 'payout.rejected');
    },
  }),

  'POST /api/payouts/{payoutId}/pay': route({
    params: payoutPathSchema,
    body: payoutPayBodySchema,
    async handle({ params, body, caller }): Promise<PayoutRecord> {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      if (body.date > tomorrow.replaceAll('-', '')) {
        const message = 'date must not be in the future';
        throw new ValidationError(message, [{ field: 'date', message }]);
      }
      const first = await existingPayout(params.payoutId);
      if (first.status !== 'paid') assertMay(first, 'paid');
      const paid = await withPaymentLock(async () => {
        // Read again under the lock: a payment that waited for it sees what the winner did.
        const payout = await existingPayout(params.payoutId);
        // Paying again after a payment whose history write failed brings the history level
        // (usually nothing to do), then answers the 409 of a payout already paid.
        if (payout.status === 'paid') await recordPaidPayouts(payout.accountId);
        assertMay(payout, 'paid');
        const payment = { method: body.method, reference: body.reference, date: body.date };
        const next = moved(
          payout,
          'paid',
          caller,
          { payment },
          {
            amount: payout.approvedAmount ?? payout.requestedAmount,
            note: `${body.method} ${body.reference} on ${displayDate(body.date)}`,
          },
        );
        await payoutRepository.transition(payout, next);
        // The account's payout history follows in the same lock (docs/decisions.md).
        await recordPaidPayouts(next.accountId);
        return next;
      });
      await emitPayoutEvent('payout.paid', paid);
      return paid;
    },
  }),

  'GET /api/accounts/{accountId}/payouts': route({
    params: accountPathSchema,
    async handle({ params, caller }): Promise<AccountPayouts> {
      const account = await ownedAccount(caller, params.accountId);
      const { eligibility, payouts } = await accountPayoutState(account);
      return { eligibility, payouts };
    },
  }),

  'POST /api/accounts/{accountId}/payouts': route({
    params: accountPathSchema,
    body: payoutRequestBodySchema,
    async handle({ params, body, caller }) {
      const account = await tradersOwnAccount(caller, params.accountId);
      return new Reply(201, await requestPayout(account, caller, body));
    },
  }),

  'POST /api/accounts/{accountId}/payouts/{payoutId}/cancel': route({
    params: accountPayoutPathSchema,
    async handle({ params, caller }): Promise<PayoutRecord> {
      const account = await tradersOwnAccount(caller, params.accountId);
      const payout = await payoutRepository.get(params.payoutId);
      if (!payout || payout.accountId !== account.accountId) {
        throw new NotFoundError(`Payout ${params.payoutId} not found`);
      }
      assertMay(payout, 'cancelled');
      return moveAndTell(payout, moved(payout, 'cancelled', caller, {}, {}), null);
    },
  }),

  'GET /api/traders/{traderId}/payouts': route({
    params: traderPathSchema,
    async handle({ params, caller }): Promise<TraderPayouts> {
      const trader = await traderRepository.get(params.traderId);
      if (!trader) throw new NotFoundError(`Trader ${params.traderId} not found`);
      assertIsTraderOrStaff(caller, trader);
      const accounts = await accountRepository.listByTrader(trader.traderId);
      const rows = await Promise.all(
        accounts.map(async (account) => {
          const { eligibility, payouts, phase } = await accountPayoutState(account);
          return {
            accountId: account.accountId,
            name: account.name ?? '',
            phaseName: phase?.phaseName ?? '',
            eligibility,
            payouts,
            pays: phase?.phaseManagement.payoutEligible ?? false,
          };
        }),
      );
      return {
        traderId: trader.traderId,
        accounts: rows.sort(byPayoutPhaseThenId).map(({ pays: _pays, ...row }) => row),
      };
    },
  }),
});
