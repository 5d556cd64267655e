import { putItem } from '../../../functions/lib/db/table';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import { handler } from '../../../functions/traders/handler';
import { traderSchema, type Trader } from '@shared/traders/trader';
import { traderAccountListResponseSchema } from '@shared/traders/trader-account';
import { traderDetailsSchema } from '@shared/traders/trader-details';
import { traderListResponseSchema } from '@shared/traders/trader-list';
import { useFreshTable } from '../../support/fresh-table';
import { callerOf } from '../../support/http-events';
import { callers, OWNER_TRADER_ID } from '../../support/callers';
import { demoStack, syncAllButLast, type DemoStack } from '../../support/demo-firm';

const list = { method: 'GET', path: '/api/traders' } as const;
const one = { method: 'GET', path: '/api/traders/{traderId}' } as const;
const details = { method: 'GET', path: '/api/traders/details/{id}' } as const;
const accountsOf = { method: 'GET', path: '/api/accounts/trader/{traderId}' } as const;

const call = callerOf(handler);

const PASSWORD = 'Secret-Broker-Pass-1';
let stack: DemoStack;
let owner: Trader;
let other: Trader;

describe('trader routes', () => {
  useFreshTable();

  beforeAll(async () => {
    stack = await demoStack({ seed: 'trader-routes', days: 4 });
    await syncAllButLast(stack);
    const traders = await traderRepository.listAll();
    owner = traders.find((trader) => trader.traderId === OWNER_TRADER_ID)!;
    other = traders.find((trader) => trader.traderId !== OWNER_TRADER_ID)!;
    owner = {
      ...owner,
      amember: {
        street: '1 Main St',
        city: 'Chicago',
        rithmic_user_id: 'R-1',
        rithmic_passwd: PASSWORD,
      },
    };
    await putItem(traderRepository.itemOf(owner));
  }, 60_000);

  afterAll(() => stack.dispose());

  describe('GET /api/traders', () => {
    it('answers the demo traders as list rows in id order, without membership records', async () => {
      const answer = await call(list, { claims: callers.admin });

      expect(answer.status).toBe(200);
      const { data, meta } = traderListResponseSchema.parse(answer.body);
      expect(data.map((row) => row.traderId)).toEqual(
        (await traderRepository.listAll()).map((trader) => trader.traderId),
      );
      expect(data.find((row) => row.traderId === owner.traderId)).toEqual({
        traderId: owner.traderId,
        firstName: owner.firstName,
        lastName: owner.lastName,
        email: owner.email,
        ...(owner.username !== undefined && { username: owner.username }),
        ...(owner.status !== undefined && { status: owner.status }),
      });
      expect(JSON.stringify(answer.body)).not.toContain(PASSWORD);
      expect(meta.nextCursor).toBeUndefined();
    });

    it('searches id, name and email case-insensitively', async () => {
      const byEmail = await call(list, {
        claims: callers.admin,
        query: { search: `  ${other.email.toUpperCase()} ` },
      });
      const byName = await call(list, {
        claims: callers.admin,
        query: { search: `${owner.firstName} ${owner.lastName}`.toLowerCase() },
      });
      const byId = await call(list, { claims: callers.admin, query: { search: 'tr000001' } });
      const none = await call(list, { claims: callers.admin, query: { search: 'zz-nobody-zz' } });

      expect(byEmail.body.data.map((row: Trader) => row.traderId)).toEqual([other.traderId]);
      expect(byName.body.data.map((row: Trader) => row.traderId)).toContain(owner.traderId);
      expect(byId.body.data.map((row: Trader) => row.traderId)).toEqual([OWNER_TRADER_ID]);
      expect(none.body.data).toEqual([]);
    });

    it('pages with a cursor that resumes after the last row', async () => {
      const first = await call(list, { claims: callers.admin, query: { limit: '1' } });
      const second = await call(list, {
        claims: callers.admin,
        query: { limit: '1', cursor: first.body.meta.nextCursor },
      });

      expect(first.body.data).toHaveLength(1);
      expect(first.body.meta.nextCursor).toEqual(expect.any(String));
      expect(second.body.data).toHaveLength(1);
      expect(second.body.data[0].traderId > first.body.data[0].traderId).toBe(true);
    });

    it('pages a search, resuming after the last match it kept', async () => {
      const query = { search: '@', limit: '1' };
      const first = await call(list, { claims: callers.admin, query });
      const second = await call(list, {
        claims: callers.admin,
        query: { ...query, cursor: first.body.meta.nextCursor },
      });

      expect(first.body.data.map((row: Trader) => row.traderId)).toEqual([OWNER_TRADER_ID]);
      expect(second.body.data.map((row: Trader) => row.traderId)).toEqual([other.traderId]);
    });

    it('refuses a bad limit or cursor with 400 naming the field, traders with 403, anonymous with 401', async () => {
      const badLimit = await call(list, { claims: callers.admin, query: { limit: '0' } });
      const badCursor = await call(list, { claims: callers.admin, query: { cursor: 'not-a-key' } });
      const trader = await call(list, { claims: callers.owner });
      const anonymous = await call(list);

      expect(badLimit.status).toBe(400);
      expect(JSON.stringify(badLimit.body)).toContain('limit');
      expect(badCursor.status).toBe(400);
      expect(JSON.stringify(badCursor.body)).toContain('cursor');
      expect(trader.status).toBe(403);
      expect(anonymous.status).toBe(401);
    });
  });

  describe('GET /api/traders/{traderId}', () => {
    it('gives staff the whole record with the membership password', async () => {
      const answer = await call(one, {
        claims: callers.admin,
        pathParameters: { traderId: owner.traderId },
      });

      expect(answer.status).toBe(200);
      expect(traderSchema.parse(answer.body)).toEqual(owner);
      expect(answer.body.amember.rithmic_passwd).toBe(PASSWORD);
    });

    it('gives the trader their own record without the password', async () => {
      const answer = await call(one, {
        claims: callers.owner,
        pathParameters: { traderId: owner.traderId },
      });

      expect(answer.status).toBe(200);
      expect(answer.body.traderId).toBe(owner.traderId);
      expect(answer.body.amember).toEqual({
        street: '1 Main St',
        city: 'Chicago',
        rithmic_user_id: 'R-1',
      });
      expect(JSON.stringify(answer.body)).not.toContain(PASSWORD);
    });

    it('refuses another trader with 403 and nothing of the data', async () => {
      const answer = await call(one, {
        claims: callers.other,
        pathParameters: { traderId: owner.traderId },
      });

      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain(owner.email);
    });

    it('answers 404 for an unknown trader, 400 for a bad id and 401 without a session', async () => {
      const unknown = await call(one, {
        claims: callers.admin,
        pathParameters: { traderId: 'TR999999' },
      });
      const bad = await call(one, { claims: callers.admin, pathParameters: { traderId: 'a/b' } });
      const anonymous = await call(one, { pathParameters: { traderId: owner.traderId } });

      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe('Trader TR999999 not found');
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('traderId');
      expect(anonymous.status).toBe(401);
    });
  });

  describe('GET /api/traders/details/{id}', () => {
    it('answers the trader, their accounts with summaries and their phases’ rules', async () => {
      const answer = await call(details, {
        claims: callers.admin,
        pathParameters: { id: owner.traderId },
      });

      expect(answer.status).toBe(200);
      const data = traderDetailsSchema.parse(answer.body);
      expect(data.trader.amember?.rithmic_passwd).toBe(PASSWORD);
      const stored = await accountRepository.listByTrader(owner.traderId);
      expect(data.accounts.map((account) => account.accountId)).toEqual(
        stored.map((account) => account.accountId),
      );
      const judged = stored.find((account) => account.accountSummary)!;
      expect(
        data.accounts.find((account) => account.accountId === judged.accountId)!.accountSummary,
      ).toEqual(judged.accountSummary);
      expect(answer.body.accounts[0]).not.toHaveProperty('engineState');
      const program = judged.program!;
      const version = await programRepository.getVersion(program.prefix, program.version);
      const currentPhase = version!.phases.find((phase) => phase.phaseId === program.currentPhase)!;
      const phaseRuleIds = currentPhase.rules.rules.map((reference) => reference.ruleId);
      expect(
        data.accounts.find((account) => account.accountId === judged.accountId)!.phaseRules,
      ).toEqual(currentPhase.rules.rules);
      expect(data.rules.map((rule) => rule.ruleId)).toEqual(expect.arrayContaining(phaseRuleIds));
      expect(new Set(data.rules.map((rule) => rule.ruleId)).size).toBe(data.rules.length);
    });

    it('finds the trader from a broker user id (decision 6)', async () => {
      const [account] = await accountRepository.listByTrader(owner.traderId);
      const [link] = await accountRepository.listLinksOfAccount(account!.accountId);

      const answer = await call(details, {
        claims: callers.admin,
        pathParameters: { id: link!.userId },
      });

      expect(answer.status).toBe(200);
      expect(answer.body.trader.traderId).toBe(owner.traderId);
    });

    it('answers the owner without the password and refuses another trader with 403', async () => {
      const mine = await call(details, {
        claims: callers.owner,
        pathParameters: { id: owner.traderId },
      });
      const theirs = await call(details, {
        claims: callers.owner,
        pathParameters: { id: other.traderId },
      });

      expect(mine.status).toBe(200);
      expect(JSON.stringify(mine.body)).not.toContain(PASSWORD);
      expect(
        mine.body.accounts.every((account: { resets?: unknown }) => !('resets' in account)),
      ).toBe(true);
      expect(theirs.status).toBe(403);
      expect(JSON.stringify(theirs.body)).not.toContain(other.email);
    });

    it('answers 404 for an unknown id, 400 for a bad id and 401 without a session', async () => {
      const unknown = await call(details, {
        claims: callers.admin,
        pathParameters: { id: 'NOBODY' },
      });
      const bad = await call(details, {
        claims: callers.admin,
        pathParameters: { id: 'x'.repeat(129) },
      });
      const anonymous = await call(details, { pathParameters: { id: owner.traderId } });

      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe('Trader NOBODY not found');
      expect(bad.status).toBe(400);
      expect(anonymous.status).toBe(401);
    });
  });

  describe('GET /api/accounts/trader/{traderId}', () => {
    it('answers the trader’s accounts to staff and to the trader', async () => {
      const staff = await call(accountsOf, {
        claims: callers.admin,
        pathParameters: { traderId: owner.traderId },
      });
      const self = await call(accountsOf, {
        claims: callers.owner,
        pathParameters: { traderId: owner.traderId },
      });

      expect(staff.status).toBe(200);
      const accounts = traderAccountListResponseSchema.parse(staff.body);
      const stored = await accountRepository.listByTrader(owner.traderId);
      expect(accounts.map((account) => account.accountId)).toEqual(stored.map((a) => a.accountId));
      expect(accounts.every((account) => account.traderId === owner.traderId)).toBe(true);
      expect(self.status).toBe(200);
      expect(self.body).toHaveLength(stored.length);
    });

    it('refuses another trader with 403, unknown 404, bad id 400, anonymous 401', async () => {
      const theirs = await call(accountsOf, {
        claims: callers.other,
        pathParameters: { traderId: owner.traderId },
      });
      const unknown = await call(accountsOf, {
        claims: callers.admin,
        pathParameters: { traderId: 'TR999999' },
      });
      const bad = await call(accountsOf, {
        claims: callers.admin,
        pathParameters: { traderId: 'a\u0001b' },
      });
      const anonymous = await call(accountsOf, { pathParameters: { traderId: owner.traderId } });

      expect(theirs.status).toBe(403);
      expect(theirs.body.error).toBeDefined();
      expect(unknown.status).toBe(404);
      expect(bad.status).toBe(400);
      expect(anonymous.status).toBe(401);
    });
  });
});
