import { randomUUID } from 'node:crypto';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { decodeJwt } from 'jose';
import { handler as auth } from '../../functions/auth/handler';
import { OTHER_TRADER_MESSAGE } from '../../functions/lib/account-access';
import {
  accountRepository,
  type StoredAccount,
} from '../../functions/lib/repositories/account-repository';
import { payoutRepository } from '../../functions/lib/repositories/payout-repository';
import { performanceRepository } from '../../functions/lib/repositories/performance-repository';
import { traderRepository } from '../../functions/lib/repositories/trader-repository';
import { handler as whatsNew } from '../../functions/whats-new/handler';
import { routeKeyOf, routes, type RouteDefinition } from '@shared/api/routes';
import { TRADER_STORAGE_KEYS } from '@shared/membership/trader-login';
import type { Trader } from '@shared/traders/trader';
import { useFreshTable } from '../support/fresh-table';
import { httpEvent, invoke } from '../support/http-events';
import { TEST_PASSWORD } from '../support/test-services';
import { OWNER_TRADER_ID } from '../support/callers';
import { demoStack, syncAllButLast, type DemoStack } from '../support/demo-firm';

/**
 * Every `trader-self` route of the route table, called through its real handler
 * by callers who signed in for real (the membership stand-in checks the members' passwords, our
 * server provisions their cognito-local users and the claims are those of the tokens it answers):
 * the owning trader and staff read the owner's data; another trader, and a member without a trading
 * record, get the route's 403 (or the 404 of an unknown id where the route hides existence) with
 * nothing of the owner in the body; anonymous callers get 401. Routes whose answer is always the
 * caller's own are checked instead for a forged `user_id` / trader id / broker storage keys in the
 * query or body changing nothing. A trader-self route added to the table without a case here fails.
 */

type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

type Answer = { status: number; body: any };

/** A caller who signed in through the real sign-in route, with the claims of the token it got. */
interface SignedIn {
  name: string;
  claims: Record<string, string>;
  sub: string;
  email: string;
  /** '' for staff. */
  login: string;
  memberId: string;
  traderId: string;
}

interface Seeded {
  owner: SignedIn;
  other: SignedIn;
  /** A member without a trading record: a signed-in trader who owns nothing. */
  unlinked: SignedIn;
  /** A member who never calls mark-shown: their what's-new state stays unread. */
  witness: SignedIn;
  staff: SignedIn;
  ownerTrader: Trader;
  otherTrader: Trader;
  ownedAccount: StoredAccount;
  /** A judged day of `ownedAccount`. */
  ownedDate: string;
  /** A payout request of `ownedAccount`, pending. */
  ownedPayoutId: string;
  /** Text of the owner's data that must never reach another trader's answer. */
  ownerNeedles: string[];
}

/** A route that reads the owner's trader, accounts or days, named by its path parameters. */
interface OwnedCase {
  kind: 'owned';
  /**
   * What a trader who is not the owner gets: 403 (`assertIsTraderOrStaff`), or 404 where the route
   * answers the same as for an unknown id (`assertOwnsAccount`) so that ids cannot be probed.
   */
  notOwner: 403 | 404;
  /** Path parameters pointing at the owner's data; several sets where the route takes several kinds of id. */
  params(seeded: Seeded): Record<string, string>[];
  /** The body of a write. */
  body?(seeded: Seeded): unknown;
  /**
   * What the owner and staff get where it is not 200 with the owner's data: a trader's own action
   * staff may not take (403), a request the account's state refuses (4xx, nothing written).
   */
  answers?: { owner: readonly number[]; staff: readonly number[] };
  /**
   * Checks the answer is the owner's, where it carries nothing of theirs but the id the path named
   * (the e-mail preferences), so the leak search cannot tell.
   */
  isOwners?(answer: Answer, seeded: Seeded): void;
}

/** A route whose answer is always the caller's own (no path parameter names a trader). */
interface SelfCase {
  kind: 'self';
  body?(seeded: Seeded): Record<string, unknown>;
  /** Path parameters that name no trader (a tool id). */
  params?: Record<string, string>;
  /** Checks that an answer is about `who` (the caller) and nobody else. */
  isOwn(answer: Answer, who: SignedIn, seeded: Seeded): void;
}

const UNKNOWN_ACCOUNT = 'NOPE-000001';
const RELEASE_VERSION = '9.9.1';

const cases: Record<string, OwnedCase | SelfCase> = {
  'GET /api/performance/account/{accountId}/{date}': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId, date: s.ownedDate }],
  },
  'GET /api/accounts/{accountId}': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId }],
  },
  'GET /api/accounts/{accountId}/evidence': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId }],
  },
  'GET /api/accounts/{accountId}/verdict': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId }],
  },
  'GET /api/summaries/account/{accountId}': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId }],
  },
  // Their rows name only the account asked for (a path parameter), so the owner's days are checked.
  'GET /api/summaries/account/{accountId}/days': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId }],
    isOwners: (answer, s) => {
      const rows = (answer.body as { data: { Account: string }[] }).data;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.Account === s.ownedAccount.accountId)).toBe(true);
    },
  },
  'GET /api/summaries/account/{accountId}/balances': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId }],
    isOwners: (answer) =>
      expect((answer.body as { data: unknown[] }).data.length).toBeGreaterThan(0),
  },
  'GET /api/traders/details/{id}': {
    kind: 'owned',
    notOwner: 403,
    // Decision 6: a trader id, or a broker user id looked up to its trader.
    params: (s) => [
      { id: s.ownerTrader.traderId },
      ...(s.ownerTrader.brokers ?? []).map((broker) => ({ id: broker.userId })),
    ],
  },
  'GET /api/traders/{traderId}': {
    kind: 'owned',
    notOwner: 403,
    params: (s) => [{ traderId: s.ownerTrader.traderId }],
  },
  'GET /api/accounts/trader/{traderId}': {
    kind: 'owned',
    notOwner: 403,
    params: (s) => [{ traderId: s.ownerTrader.traderId }],
  },
  'GET /api/summaries/trader/{traderId}': {
    kind: 'owned',
    notOwner: 403,
    params: (s) => [{ traderId: s.ownerTrader.traderId }],
  },
  'GET /api/accounts/{accountId}/payouts': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId }],
  },
  // Only the trader asks; the amount is more than any demo account may take, so nothing is written.
  'POST /api/accounts/{accountId}/payouts': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId }],
    body: () => ({ amount: 10_000_000 }),
    answers: { owner: [400, 409], staff: [403] },
  },
  'POST /api/accounts/{accountId}/payouts/{payoutId}/cancel': {
    kind: 'owned',
    notOwner: 404,
    params: (s) => [{ accountId: s.ownedAccount.accountId, payoutId: s.ownedPayoutId }],
    answers: { owner: [200], staff: [403] },
  },
  'GET /api/traders/{traderId}/payouts': {
    kind: 'owned',
    notOwner: 403,
    params: (s) => [{ traderId: s.ownerTrader.traderId }],
  },
  'GET /api/whats-new': {
    kind: 'self',
    isOwn: (answer, who, s) => {
      expect(answer.body.data.currentRelease).toMatchObject({ version: RELEASE_VERSION });
      // The owner marked the release as shown (beforeAll); the state is per caller.
      if (who === s.owner) expect(answer.body.data.hasUnreadUpdates).toBe(false);
    },
  },
  'POST /api/whats-new/mark-shown': {
    kind: 'self',
    body: () => ({ version: RELEASE_VERSION }),
    isOwn: (answer) => {
      expect(answer.body).toEqual({
        success: true,
        message: `Marked version ${RELEASE_VERSION} as shown`,
      });
    },
  },
  'GET /api/auth/status': {
    kind: 'self',
    isOwn: (answer, who, s) => {
      const trader = who !== s.staff;
      expect(answer.body).toMatchObject({
        isAuthenticated: true,
        user: { _id: who.sub, email: who.email, role: { name: trader ? 'trader' : 'admin' } },
      });
      expect(answer.body.user.traderId).toBe(who.traderId || undefined);
      expect(answer.body.user.memberId).toBe(who.memberId || undefined);
      expect(answer.body.amemberSession).toEqual(
        trader
          ? {
              isLoggedIn: true,
              user: { user_id: who.memberId, email: who.email, login: who.login },
            }
          : { isLoggedIn: false, user: null },
      );
    },
  },
  // A trader's e-mail preferences: only the trader id the path names and event types.
  'GET /api/traders/{traderId}/notification-preferences': {
    kind: 'owned',
    notOwner: 403,
    params: (s) => [{ traderId: s.ownerTrader.traderId }],
    isOwners: (answer, s) =>
      expect(answer.body).toEqual({
        traderId: s.ownerTrader.traderId,
        emailOff: expect.any(Array),
      }),
  },
  'PUT /api/traders/{traderId}/notification-preferences': {
    kind: 'owned',
    notOwner: 403,
    params: (s) => [{ traderId: s.ownerTrader.traderId }],
    body: () => ({ emailOff: ['account.passed'] }),
    isOwners: (answer, s) =>
      expect(answer.body).toEqual({
        traderId: s.ownerTrader.traderId,
        emailOff: ['account.passed'],
      }),
  },
  // About a tool, the same for every caller: the stand-in serves the tools.
  'GET /api/amember/tools/{toolId}/status': {
    kind: 'self',
    params: { toolId: 'tradechat' },
    isOwn: (answer) => {
      expect(answer.body).toEqual({
        toolId: 'tradechat',
        reachable: true,
        status: 200,
        reason: null,
      });
    },
  },
  'POST /api/amember/client-login': {
    kind: 'self',
    isOwn: (answer, who, s) => {
      expect(answer.body).toEqual({
        success: true,
        isLoggedIn: who !== s.staff,
        data: {
          user:
            who === s.staff ? null : { user_id: who.memberId, email: who.email, login: who.login },
          sessionId: null,
        },
      });
    },
  },
};

const traderSelfRoutes = routes.filter(
  (route) => (route.access as RouteDefinition['access']) === 'trader-self',
) as RouteDefinition[];

const handlers = new Map<string, Handler>();
async function handlerOf(resource: string): Promise<Handler> {
  let handler = handlers.get(resource);
  if (!handler) {
    handler = ((await import(`../../functions/${resource}/handler`)) as { handler: Handler })
      .handler;
    handlers.set(resource, handler);
  }
  return handler;
}

function call(
  route: RouteDefinition,
  options: {
    caller?: SignedIn;
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  },
): Promise<Answer> {
  return handlerOf(route.resource).then((handler) =>
    invoke(
      handler,
      httpEvent(route, {
        ...(options.params && { pathParameters: options.params }),
        ...(options.query && { query: options.query }),
        ...(options.body !== undefined && { body: options.body }),
        ...(options.caller && { claims: options.caller.claims }),
      }),
    ),
  );
}

/**
 * What the spec's trader login trusted and a caller could tamper with: a `user_id` in the query, the
 * trader side's browser storage keys, and the ids of whoever they pretend to be.
 */
function forgedIdentity(victim: SignedIn): Record<string, string> {
  return {
    user_id: victim.memberId,
    userId: victim.sub,
    sub: victim.sub,
    traderId: victim.traderId,
    memberId: victim.memberId,
    email: victim.email,
    [TRADER_STORAGE_KEYS.rithmicUserId]: victim.traderId,
    [TRADER_STORAGE_KEYS.rithmicEmail]: victim.email,
    [TRADER_STORAGE_KEYS.rithmicLogin]: victim.login,
    [TRADER_STORAGE_KEYS.amemberUserId]: victim.memberId,
    [TRADER_STORAGE_KEYS.amemberAuthenticated]: 'true',
  };
}

/** The needles of the owner's data found in an answer (its whole text, error messages included). */
function leaked(answer: Answer, needles: readonly string[], echoed: readonly string[] = []) {
  const text = JSON.stringify(answer.body ?? '').toLowerCase();
  return needles.filter(
    (needle) => !echoed.includes(needle) && text.includes(needle.toLowerCase()),
  );
}

/** The verified claims of a token, as API Gateway's authorizer hands them to the handler. */
function claimsOf(token: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(decodeJwt(token)).map(([key, value]) => [
      key,
      Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
    ]),
  );
}

const route = (key: string) => routes.find((entry) => routeKeyOf(entry) === key) as RouteDefinition;

/** Creates a member in the membership stand-in, as the firm's membership admin would. */
async function createMember(fields: Record<string, string>): Promise<void> {
  const response = await fetch(`${process.env.MEMBERSHIP_API_URL}/api/users`, {
    method: 'POST',
    headers: {
      'X-API-Key': process.env.MEMBERSHIP_API_KEY ?? '',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ status: '1', ...fields }).toString(),
  });
  expect(response.status).toBe(200);
}

/** A new member linked to `traderId` (or to none), signed in through `POST /api/auth/trader`. */
async function signedInMember(name: string, traderId: string | undefined): Promise<SignedIn> {
  const login = `tsa-${name}-${randomUUID().slice(0, 8)}`;
  const password = `Member-${randomUUID()}-1!`;
  await createMember({
    login,
    email: `${login}@example.com`,
    name_f: 'Member',
    name_l: name,
    pass: password,
    ...(traderId && { rithmic_user_id: traderId }),
  });
  const answer = await invoke(
    auth,
    httpEvent(route('POST /api/auth/trader'), { body: { login, password } }),
  );
  expect(answer.status).toBe(200);
  expect(answer.body.traderId).toBe(traderId ?? '');
  const claims = claimsOf(answer.body.token);
  expect(claims['custom:traderId'] ?? '').toBe(traderId ?? '');
  return {
    name,
    claims,
    sub: claims.sub as string,
    email: answer.body.email,
    login,
    memberId: answer.body.memberId,
    traderId: answer.body.traderId,
  };
}

async function signedInStaff(): Promise<SignedIn> {
  const answer = await invoke(
    auth,
    httpEvent(route('POST /api/auth/admin'), {
      body: { email: 'admin@example.com', password: TEST_PASSWORD },
    }),
  );
  expect(answer.status).toBe(200);
  const claims = claimsOf(answer.body.token);
  return {
    name: 'staff',
    claims,
    sub: claims.sub as string,
    email: answer.body.email,
    login: '',
    memberId: '',
    traderId: '',
  };
}

let stack: DemoStack;
let seeded: Seeded;

describe('trader-self routes: own vs other trader, staff, anonymous', () => {
  useFreshTable();

  beforeAll(async () => {
    stack = await demoStack({ seed: 'trader-self-access', days: 3 });
    await syncAllButLast(stack);
    const ownerTrader = (await traderRepository.get(OWNER_TRADER_ID))!;
    const all = await accountRepository.listAll();
    const otherTraderId = all.find((account) => account.traderId !== OWNER_TRADER_ID)!.traderId;
    const otherTrader = (await traderRepository.get(otherTraderId))!;
    const ownedAccounts = all.filter((account) => account.traderId === OWNER_TRADER_ID);
    const ownedAccount = ownedAccounts.find((account) => account.engineState)!;
    const [day] = await performanceRepository.listAllByAccount(ownedAccount.accountId);

    const [owner, other, unlinked, witness, staff] = await Promise.all([
      signedInMember('owner', ownerTrader.traderId),
      signedInMember('other', otherTrader.traderId),
      signedInMember('unlinked', undefined),
      signedInMember('witness', undefined),
      signedInStaff(),
    ]);

    // Everything that names the owner, less what the other trader's own data holds as well (a
    // first name both traders happen to share is no leak).
    const otherOwn = JSON.stringify([
      otherTrader,
      all.filter((account) => account.traderId === otherTrader.traderId),
      other,
    ]).toLowerCase();
    const ownerNeedles = [
      ownerTrader.traderId,
      ownerTrader.email,
      ownerTrader.username,
      ownerTrader.firstName,
      ownerTrader.lastName,
      ...(ownerTrader.brokers ?? []).map((broker) => broker.userId),
      ...ownedAccounts.map((account) => account.accountId),
      owner.sub,
      owner.email,
      owner.login,
    ].filter(
      (needle): needle is string =>
        typeof needle === 'string' &&
        needle.length >= 3 &&
        !otherOwn.includes(needle.toLowerCase()),
    );

    // A published release that only the owner has marked as shown.
    const created = await invoke(
      whatsNew,
      httpEvent(route('POST /api/whats-new/admin/releases'), {
        claims: staff.claims,
        body: { version: RELEASE_VERSION, releaseDate: '20260301', title: 'Trader-self test' },
      }),
    );
    expect(created.status).toBe(201);
    const published = await invoke(
      whatsNew,
      httpEvent(route('POST /api/whats-new/admin/releases/{id}/publish'), {
        claims: staff.claims,
        pathParameters: { id: created.body.data.id },
      }),
    );
    expect(published.status).toBe(200);
    const marked = await call(route('POST /api/whats-new/mark-shown'), {
      caller: owner,
      body: { version: RELEASE_VERSION },
    });
    expect(marked.status).toBe(200);

    const at = new Date().toISOString();
    const ownedPayoutId = 'po_trader-self';
    await payoutRepository.create({
      payoutId: ownedPayoutId,
      accountId: ownedAccount.accountId,
      traderId: ownerTrader.traderId,
      status: 'requested',
      requestedAmount: 500,
      judgedDate: day!.Date,
      requestedAt: at,
      updatedAt: at,
      history: [
        { status: 'requested', at, by: ownerTrader.traderId, byRole: 'trader', amount: 500 },
      ],
      version: 1,
    });

    seeded = {
      owner,
      other,
      unlinked,
      witness,
      staff,
      ownerTrader,
      otherTrader,
      ownedAccount,
      ownedDate: day!.Date,
      ownedPayoutId,
      ownerNeedles,
    };
  }, 180_000);

  afterAll(() => stack?.dispose());

  it('has a case for every trader-self route of the table, and none for any other route', () => {
    expect(traderSelfRoutes.length).toBeGreaterThan(0);
    expect(Object.keys(cases).sort()).toEqual(traderSelfRoutes.map(routeKeyOf).sort());
  });

  it('seeded two real traders with judged days and signed their members in for real', () => {
    expect(seeded.owner.traderId).toBe(OWNER_TRADER_ID);
    expect(seeded.other.traderId).toBe(seeded.otherTrader.traderId);
    expect(seeded.other.traderId).not.toBe(OWNER_TRADER_ID);
    expect(seeded.unlinked.traderId).toBe('');
    expect(seeded.staff.claims['cognito:groups']).toContain('admin');
    expect(seeded.ownerNeedles).toEqual(
      expect.arrayContaining([OWNER_TRADER_ID, seeded.ownedAccount.accountId, seeded.owner.email]),
    );
  });

  describe.each(traderSelfRoutes.map((entry) => [routeKeyOf(entry), entry] as const))(
    '%s',
    (key, definition) => {
      const testCase = cases[key];

      it('has a case here', () => {
        expect(testCase).toBeDefined();
      });

      if (testCase?.kind === 'owned') {
        it("answers the owner's data to the owner and to staff", async () => {
          for (const params of testCase.params(seeded)) {
            for (const caller of [seeded.owner, seeded.staff]) {
              const answer = await call(definition, {
                caller,
                params,
                body: testCase.body?.(seeded),
              });
              const expected = testCase.answers?.[caller === seeded.owner ? 'owner' : 'staff'] ?? [
                200,
              ];
              const status = expected.includes(answer.status) ? expected : answer.status;
              expect({ caller: caller.name, params, status }).toEqual({
                caller: caller.name,
                params,
                status: expected,
              });
              // The answer is the owner's: the search below would find a leak.
              if (answer.status === 200) {
                if (testCase.isOwners) testCase.isOwners(answer, seeded);
                else
                  expect(leaked(answer, seeded.ownerNeedles, Object.values(params))).not.toEqual(
                    [],
                  );
              }
            }
          }
        });

        it(`answers ${testCase.notOwner} and nothing of the owner to any other trader, forged ids or not`, async () => {
          for (const params of testCase.params(seeded)) {
            for (const caller of [seeded.other, seeded.unlinked]) {
              const body = testCase.body?.(seeded);
              const plain = await call(definition, { caller, params, body });
              const forged = await call(definition, {
                caller,
                params,
                body,
                query: forgedIdentity(seeded.owner),
              });
              for (const answer of [plain, forged]) {
                expect({ caller: caller.name, params, status: answer.status }).toEqual({
                  caller: caller.name,
                  params,
                  status: testCase.notOwner,
                });
                // Only what the caller put in the path may come back (the 404's "Account X not found").
                expect(leaked(answer, seeded.ownerNeedles, Object.values(params))).toEqual([]);
              }
              expect(forged.body).toEqual(plain.body);
              if (testCase.notOwner === 403) {
                expect(plain.body.error.message).toBe(OTHER_TRADER_MESSAGE);
              } else {
                // The very answer of an id that does not exist: existence is not revealed.
                const unknownParams = { ...params, accountId: UNKNOWN_ACCOUNT };
                const unknown = await call(definition, {
                  caller: seeded.staff,
                  params: unknownParams,
                  body,
                });
                expect(unknown.status).toBe(404);
                expect(
                  JSON.stringify(plain.body).replaceAll(params.accountId!, UNKNOWN_ACCOUNT),
                ).toBe(JSON.stringify(unknown.body));
              }
            }
          }
        });

        it('answers 401 and nothing of the owner without a token, forged ids or not', async () => {
          for (const params of testCase.params(seeded)) {
            for (const query of [undefined, forgedIdentity(seeded.owner)]) {
              const answer = await call(definition, {
                params,
                body: testCase.body?.(seeded),
                ...(query && { query }),
              });
              expect(answer.status).toBe(401);
              expect(leaked(answer, seeded.ownerNeedles, Object.values(params))).toEqual([]);
            }
          }
        });
      }

      if (testCase?.kind === 'self') {
        const bodyOf = () => testCase.body?.(seeded);

        it('answers every signed-in caller their own, and 401 without a token', async () => {
          for (const caller of [seeded.owner, seeded.other, seeded.unlinked, seeded.staff]) {
            const answer = await call(definition, {
              caller,
              body: bodyOf(),
              params: testCase.params,
            });
            expect({ caller: caller.name, status: answer.status }).toEqual({
              caller: caller.name,
              status: 200,
            });
            testCase.isOwn(answer, caller, seeded);
            if (caller !== seeded.owner) {
              expect(leaked(answer, seeded.ownerNeedles)).toEqual([]);
            }
          }
          const anonymous = await call(definition, {
            body: bodyOf(),
            params: testCase.params,
            query: forgedIdentity(seeded.owner),
          });
          expect(anonymous.status).toBe(401);
          expect(leaked(anonymous, seeded.ownerNeedles)).toEqual([]);
        });

        it('gains nothing from a forged user_id, trader id or storage keys in the query or body', async () => {
          for (const caller of [seeded.other, seeded.staff]) {
            const plain = await call(definition, {
              caller,
              body: bodyOf(),
              params: testCase.params,
            });
            const forged = await call(definition, {
              caller,
              body: bodyOf(),
              params: testCase.params,
              query: forgedIdentity(seeded.owner),
            });
            expect(forged.status).toBe(200);
            expect(forged.body).toEqual(plain.body);
            testCase.isOwn(forged, caller, seeded);
            expect(leaked(forged, seeded.ownerNeedles)).toEqual([]);

            // In the body: refused (400) or ignored, never the owner's.
            const inBody = await call(definition, {
              caller,
              params: testCase.params,
              body: { ...bodyOf(), ...forgedIdentity(seeded.owner) },
            });
            if (inBody.status === 400) {
              expect(inBody.body.error.code).toBeDefined();
            } else {
              expect(inBody.status).toBe(200);
              expect(inBody.body).toEqual(plain.body);
            }
            expect(leaked(inBody, seeded.ownerNeedles)).toEqual([]);
          }
        });
      }
    },
  );

  it("what's new: a forged user id neither reads nor marks another user's last-seen version", async () => {
    const read = route('GET /api/whats-new');
    const mark = route('POST /api/whats-new/mark-shown');
    const unread = async (caller: SignedIn, query?: Record<string, string>) =>
      (await call(read, { caller, ...(query && { query }) })).body.data.hasUnreadUpdates;

    // The owner has seen the release; the witness has not, and pretending to be the owner does not
    // make it so.
    expect(await unread(seeded.owner)).toBe(false);
    expect(await unread(seeded.witness)).toBe(true);
    expect(await unread(seeded.witness, forgedIdentity(seeded.owner))).toBe(true);

    // Marking "as the witness" (query or body) marks the caller or nothing, never the witness.
    const marked = await call(mark, {
      caller: seeded.unlinked,
      body: { version: RELEASE_VERSION },
      query: forgedIdentity(seeded.witness),
    });
    expect(marked.status).toBe(200);
    const inBody = await call(mark, {
      caller: seeded.unlinked,
      body: { version: RELEASE_VERSION, ...forgedIdentity(seeded.witness) },
    });
    expect(inBody.status).toBe(400);
    expect(await unread(seeded.unlinked)).toBe(false);
    expect(await unread(seeded.witness)).toBe(true);
  });
});
