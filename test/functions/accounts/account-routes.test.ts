import { handler } from '../../../functions/accounts/handler';
import {
  accountRepository,
  type StoredAccount,
} from '../../../functions/lib/repositories/account-repository';
import { commentRepository } from '../../../functions/lib/repositories/comment-repository';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import {
  accountListResponseSchema,
  accountResetResultSchema,
  accountSchema,
} from '@shared/accounts/account';
import type { RouteDefinition } from '@shared/api/routes';
import { accountCommentResultSchema } from '@shared/comments/account-comment';
import { dollarsToCents } from '@shared/money/decimal';
import { actionResultSchema } from '@shared/common/fields';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers, OWNER_TRADER_ID } from '../../support/callers';
import { demoStack, syncAllButLast, type DemoStack } from '../../support/demo-firm';
import { runJobsInTests, settled } from '../../support/jobs';

// An account's force update is a background job, run here as on the local stack.
runJobsInTests();

const list = { method: 'GET', path: '/api/accounts' } as const;
const one = { method: 'GET', path: '/api/accounts/{accountId}' } as const;
const update = { method: 'PUT', path: '/api/accounts/{accountId}' } as const;
const refresh = { method: 'POST', path: '/api/accounts/{accountId}/refresh' } as const;
const reset = { method: 'POST', path: '/api/accounts/{accountId}/reset' } as const;
const comments = { method: 'POST', path: '/api/accounts/{accountId}/comments' } as const;

function call(
  route: Pick<RouteDefinition, 'method' | 'path'>,
  options: { accountId?: string; claims?: Record<string, string>; body?: unknown } = {},
) {
  return invoke(
    handler,
    httpEvent(route, {
      ...(options.accountId !== undefined && { pathParameters: { accountId: options.accountId } }),
      ...(options.claims && { claims: options.claims }),
      ...(options.body !== undefined && { body: options.body }),
    }),
  );
}

let stack: DemoStack;
let owned: StoredAccount;
let othersAccount: StoredAccount;

describe('account routes', () => {
  useFreshTable();

  beforeAll(async () => {
    stack = await demoStack({ seed: 'account-routes' });
    await syncAllButLast(stack);
    const all = await accountRepository.listAll();
    owned = all.find((account) => account.traderId === OWNER_TRADER_ID && account.engineState)!;
    othersAccount = all.find((account) => account.traderId !== OWNER_TRADER_ID)!;
  }, 120_000);

  afterAll(() => stack.dispose());

  describe('GET /api/accounts', () => {
    it('lists every synced account for staff, grouped by phase then broker status, without internals', async () => {
      const answer = await call(list, { claims: callers.admin });

      expect(answer.status).toBe(200);
      const { data: rows, meta } = accountListResponseSchema.parse(answer.body);
      expect(meta.nextCursor).toBeUndefined();
      const stored = await accountRepository.listAll();
      expect(rows.map((row) => row.accountId)).toEqual(stored.map((row) => row.accountId));
      const phaseOrder = ['evaluation', 'sim-funded', 'live-funded', 'demo'];
      const ranks = rows.map((row) => phaseOrder.indexOf(row.phase));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      const row = answer.body.data.find(
        (entry: { accountId: string }) => entry.accountId === owned.accountId,
      );
      expect(row).toMatchObject({
        accountId: owned.accountId,
        traderId: OWNER_TRADER_ID,
        email: 'trader@example.com',
        program: { prefix: owned.program!.prefix, name: owned.program!.name },
        summary: { balance: expect.any(Number), equity: expect.any(Number) },
      });
      expect(row).not.toHaveProperty('engineState');
      expect(row).not.toHaveProperty('accountSummary');
      expect(row.program).not.toHaveProperty('currentPhaseData');
    });

    it('carries the room to breach of every account still trading, none for a failed or passed one', async () => {
      const rows = accountListResponseSchema.parse(
        (await call(list, { claims: callers.admin })).body,
      ).data;
      const stored = new Map(
        (await accountRepository.listAll()).map((account) => [account.accountId, account]),
      );

      let withRoom = 0;
      for (const row of rows) {
        const summary = stored.get(row.accountId)!.accountSummary;
        const trading =
          summary?.accountStatus === 'active' && !summary.phaseFailed && !summary.phasePassed;
        if (!trading || (!summary.drawdown && !summary.dailyLoss)) {
          expect(row.room).toBeUndefined();
          continue;
        }
        withRoom += 1;
        const { drawdown, dailyLoss } = summary;
        // Room to the floor: the close above the floor after the day, never below 0.
        const floorRoom = drawdown
          ? Math.max(0, dollarsToCents(drawdown.balance) - dollarsToCents(drawdown.floor)) / 100
          : null;
        expect(row.room?.drawdown?.room ?? null).toBe(floorRoom);
        expect(row.room?.dailyLoss?.room ?? null).toBe(
          dailyLoss ? Math.max(0, dailyLoss.limit - dailyLoss.loss) : null,
        );
      }
      expect(withRoom).toBeGreaterThan(0);
      expect(rows.some((row) => row.status === 'failed' && row.room === undefined)).toBe(true);
    });

    it('marks an account whose breach is held with the day it was held', async () => {
      const account = (await accountRepository.listAll()).find(
        (entry) => entry.status === 'active' && entry.accountSummary,
      )!;
      await accountRepository.replace({
        ...account,
        statusHold: { date: '20260302', status: 'failed' },
      });
      try {
        const rows = accountListResponseSchema.parse(
          (await call(list, { claims: callers.admin })).body,
        ).data;
        const held = rows.filter((row) => row.heldSince !== undefined);
        expect(held.map((row) => [row.accountId, row.heldSince, row.status])).toEqual([
          [account.accountId, '20260302', 'active'],
        ]);
      } finally {
        await accountRepository.replace(account);
      }
    });

    it('refuses traders (403) and anonymous callers (401)', async () => {
      expect((await call(list, { claims: callers.owner })).status).toBe(403);
      expect((await call(list)).status).toBe(401);
    });
  });

  describe('GET /api/accounts/{accountId}', () => {
    it('answers the account to staff and to the trader who owns it', async () => {
      for (const claims of [callers.admin, callers.owner]) {
        const answer = await call(one, { accountId: owned.accountId, claims });

        expect(answer.status).toBe(200);
        expect(accountSchema.parse(answer.body).accountId).toBe(owned.accountId);
        expect(answer.body).not.toHaveProperty('engineState');
        expect(answer.body).not.toHaveProperty('accountSummary');
      }
    });

    it("answers another trader's account with the same 404 as an unknown account", async () => {
      const other = await call(one, { accountId: othersAccount.accountId, claims: callers.owner });
      const stranger = await call(one, { accountId: owned.accountId, claims: callers.other });
      const unknown = await call(one, { accountId: 'NOPE-000001', claims: callers.admin });

      expect([other.status, stranger.status, unknown.status]).toEqual([404, 404, 404]);
      expect(stranger.body.error.message).toBe(`Account ${owned.accountId} not found`);
    });

    it('answers 401 without a token and 400 for a bad account id', async () => {
      expect((await call(one, { accountId: owned.accountId })).status).toBe(401);
      const bad = await call(one, { accountId: 'a'.repeat(129), claims: callers.admin });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].field).toBe('accountId');
    });
  });

  describe('POST /api/accounts/{accountId}/comments', () => {
    it('stores the text from comment, the name from adminUser and the staff id from the token', async () => {
      const answer = await call(comments, {
        accountId: owned.accountId,
        claims: callers.admin,
        body: { comment: '  Called the trader about sizing ', adminUser: ' Risk desk ' },
      });

      expect(answer.status).toBe(200);
      const { comment } = accountCommentResultSchema.parse(answer.body);
      expect(answer.body.message).toBe('Comment added successfully');
      expect(comment).toMatchObject({
        accountId: owned.accountId,
        author: 'Risk desk',
        text: 'Called the trader about sizing',
        authorId: 'admin-user-id',
      });
      const stored = await commentRepository.listByAccount(owned.accountId);
      expect(stored.items[0]).toEqual(comment);
    });

    it('refuses a blank field with the spec sentence, an unknown field, and an unknown account', async () => {
      const blank = await call(comments, {
        accountId: owned.accountId,
        claims: callers.admin,
        body: { comment: ' ', adminUser: 'Risk desk' },
      });
      const extra = await call(comments, {
        accountId: owned.accountId,
        claims: callers.admin,
        body: { comment: 'x', adminUser: 'y', authorId: 'forged' },
      });
      const unknown = await call(comments, {
        accountId: 'NOPE-000001',
        claims: callers.admin,
        body: { comment: 'x', adminUser: 'y' },
      });

      expect(blank.status).toBe(400);
      expect(blank.body.error.message).toBe('Please enter both your name and a comment.');
      expect(extra.status).toBe(400);
      expect(extra.body.error.details).toEqual([
        { field: 'authorId', message: 'Unknown field "authorId"' },
      ]);
      expect(unknown.status).toBe(404);
      await expect(commentRepository.listByAccount('NOPE-000001')).resolves.toEqual({ items: [] });
    });

    it('refuses traders and anonymous callers', async () => {
      const body = { comment: 'x', adminUser: 'y' };
      const trader = await call(comments, {
        accountId: owned.accountId,
        claims: callers.owner,
        body,
      });
      const anonymous = await call(comments, { accountId: owned.accountId, body });

      expect([trader.status, anonymous.status]).toEqual([403, 401]);
    });
  });

  describe('POST /api/accounts/{accountId}/refresh', () => {
    it('re-judges the account from its stored days and rewrites the same summary', async () => {
      const before = (await accountRepository.get(owned.accountId))!;
      await accountRepository.replace({ ...before, accountSummary: undefined, status: 'failed' });

      const answer = await call(refresh, { accountId: owned.accountId, claims: callers.admin });

      expect(answer.status).toBe(200);
      expect(actionResultSchema.parse(answer.body)).toEqual({
        success: true,
        message: expect.stringMatching(
          new RegExp(`^Account ${owned.accountId} refreshed: \\d+ trading days? re-judged$`),
        ),
      });
      const after = (await accountRepository.get(owned.accountId))!;
      // The same judgement, checked now ("Last Conformance Check" moves).
      const { lastconformanceCheck, ...rest } = after.accountSummary!;
      const { lastconformanceCheck: checkedBefore, ...restBefore } = before.accountSummary!;
      expect(rest).toEqual(restBefore);
      expect(lastconformanceCheck! > checkedBefore!).toBe(true);
      expect(Date.now() - Date.parse(lastconformanceCheck!)).toBeLessThan(60_000);
      expect(after.status).toBe(before.status);
      expect(after.engineState).toEqual(before.engineState);
    });

    it('answers 409 while a sync runs, 404 for an unknown account, 403 to a trader', async () => {
      await syncRepository.acquireLock('busy', Date.now(), Date.now() + 60_000);
      const busy = await call(refresh, { accountId: owned.accountId, claims: callers.admin });
      await syncRepository.releaseLock('busy');
      const unknown = await call(refresh, { accountId: 'NOPE-000001', claims: callers.admin });
      const trader = await call(refresh, { accountId: owned.accountId, claims: callers.owner });

      expect(busy.status).toBe(409);
      expect(unknown.status).toBe(404);
      expect(trader.status).toBe(403);
      expect((await call(refresh, { accountId: owned.accountId })).status).toBe(401);
    });
  });

  describe('PUT /api/accounts/{accountId}', () => {
    it('refuses a body other than {forceProgramUpdate: true} and unknown accounts', async () => {
      const falsy = await call(update, {
        accountId: owned.accountId,
        claims: callers.admin,
        body: { forceProgramUpdate: false },
      });
      const unknown = await call(update, {
        accountId: 'NOPE-000001',
        claims: callers.admin,
        body: { forceProgramUpdate: true },
      });
      const trader = await call(update, {
        accountId: owned.accountId,
        claims: callers.owner,
        body: { forceProgramUpdate: true },
      });

      expect(falsy.status).toBe(400);
      expect(falsy.body.error.details[0].field).toBe('forceProgramUpdate');
      expect(unknown.status).toBe(404);
      expect(trader.status).toBe(403);
    });

    it('re-judges an account already on the current version in a background job', async () => {
      const answer = await call(update, {
        accountId: owned.accountId,
        claims: callers.admin,
        body: { forceProgramUpdate: true },
      });

      expect(answer.status).toBe(202);
      expect(answer.body).toMatchObject({
        kind: 'account-upgrade',
        subject: { accountId: owned.accountId },
      });
      const job = await settled(answer);
      expect(job).toMatchObject({ status: 'succeeded', total: 1, done: 1 });
      expect(job.counts.updated).toBe(1);
      const account = await accountRepository.get(owned.accountId);
      expect(account?.program?.version).toBe(owned.program!.version);
    });
  });

  describe('POST /api/accounts/{accountId}/reset', () => {
    it('records the reset by the signed-in staff user after the last day and counts it', async () => {
      const account = (await accountRepository.get(othersAccount.accountId))!;
      const lastDay = account.engineStateDate;

      const answer = await call(reset, { accountId: account.accountId, claims: callers.admin });

      expect(answer.status).toBe(200);
      const result = accountResetResultSchema.parse(answer.body);
      expect(result).toMatchObject({
        resetCount: account.resetCount + 1,
        reset: { resetBy: 'admin-user-id', afterDate: lastDay ?? null },
      });
      // The day reads as the screens show dates, never YYYYMMDD.
      expect(result.message).not.toMatch(/\d{8}/);
      if (lastDay) {
        expect(result.message).toContain(
          `after ${lastDay.slice(4, 6)}/${lastDay.slice(6, 8)}/${lastDay.slice(0, 4)}`,
        );
      }
      await expect(accountRepository.get(account.accountId)).resolves.toMatchObject({
        resetCount: account.resetCount + 1,
        resets: [result.reset],
      });
    });

    it('refuses traders, anonymous callers, unknown and malformed ids', async () => {
      const { resetCount } = (await accountRepository.get(owned.accountId))!;

      const trader = await call(reset, { accountId: owned.accountId, claims: callers.owner });
      const anonymous = await call(reset, { accountId: owned.accountId });
      const unknown = await call(reset, { accountId: 'NOPE-000001', claims: callers.admin });
      const bad = await call(reset, { accountId: 'a\u0001b', claims: callers.admin });

      expect([trader.status, anonymous.status, unknown.status, bad.status]).toEqual([
        403, 401, 404, 400,
      ]);
      await expect(accountRepository.get(owned.accountId)).resolves.toMatchObject({ resetCount });
    });

    it('shows the owner the reset count without the staff reset records', async () => {
      const { resetCount } = (await accountRepository.get(owned.accountId))!;
      await call(reset, { accountId: owned.accountId, claims: callers.admin });

      const owner = await call(one, { accountId: owned.accountId, claims: callers.owner });
      const staff = await call(one, { accountId: owned.accountId, claims: callers.admin });

      expect(owner.body.resetCount).toBe(resetCount + 1);
      expect(owner.body).not.toHaveProperty('resets');
      expect(staff.body.resets).toHaveLength(resetCount + 1);
      expect(staff.body.resets.at(-1)).toMatchObject({ resetBy: 'admin-user-id' });
    });
  });
});
