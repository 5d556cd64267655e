import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { handler } from '../../../functions/auth/handler';
import { cognitoIdentityClient } from '../../../functions/lib/aws/cognito';
import { membershipClient } from '../../../functions/lib/membership/client';
import { FREE_FAILURES } from '../../../functions/lib/repositories/login-attempt-repository';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { TEST_PASSWORD } from '../../support/test-services';

/**
 * 30 sign-in attempts sent at once for one login were all checked and the right
 * password among them signed in. An attempt is now counted before its password is checked, so at most
 * the free failures and the one that locks reach the check.
 */
const staffRoute = { method: 'POST', path: '/api/auth/admin' } as const;
const traderRoute = { method: 'POST', path: '/api/auth/trader' } as const;
/** Free failures, then the one that locks: the most attempts a burst may have checked. */
const CHECKED_AT_MOST = FREE_FAILURES + 1;

function from(sourceIp: string, event: ReturnType<typeof httpEvent>) {
  event.requestContext.http.sourceIp = sourceIp;
  return event;
}

const staffSignIn = (email: string, password: string, sourceIp = '198.51.100.7') =>
  invoke(handler, from(sourceIp, httpEvent(staffRoute, { body: { email, password } })));
const traderSignIn = (login: string, password: string, sourceIp = '198.51.100.7') =>
  invoke(handler, from(sourceIp, httpEvent(traderRoute, { body: { login, password } })));

/** How many sign-ins reached Cognito's password check (USER_PASSWORD_AUTH). */
function countPasswordChecks(): { readonly count: number; restore(): void } {
  const client = cognitoIdentityClient();
  const original = client.send.bind(client);
  let count = 0;
  const spy = jest.spyOn(client, 'send').mockImplementation(((command: unknown) => {
    if (command instanceof InitiateAuthCommand && command.input.AuthFlow === 'USER_PASSWORD_AUTH') {
      count += 1;
    }
    return original(command as never);
  }) as never);
  return {
    get count() {
      return count;
    },
    restore: () => spy.mockRestore(),
  };
}

useFreshTable({ perTest: true });

describe('parallel staff sign-ins of one login', () => {
  it('30 at once: at most the free failures and the locking one reach the password check', async () => {
    const checks = countPasswordChecks();
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, attempt) =>
          staffSignIn('admin@example.com', attempt === 29 ? TEST_PASSWORD : `wrong-${attempt}`),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      // A success forgets the failures before it: when the right password is among the first checked,
      // the attempts still waiting start a new count, which locks again after as many checks.
      const checkedAtMost = statuses.includes(200) ? 2 * CHECKED_AT_MOST : CHECKED_AT_MOST;
      expect(checks.count).toBeLessThanOrEqual(checkedAtMost);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
        30 - checkedAtMost,
      );
      expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
      // Once locked, the right password is refused too.
      if (!statuses.includes(200)) {
        expect((await staffSignIn('admin@example.com', TEST_PASSWORD)).status).toBe(429);
      }
    } finally {
      checks.restore();
    }
  });

  it('30 wrong at once, then the right password: 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        staffSignIn('nobody-staff@example.com', `wrong-${attempt}`, '198.51.100.8'),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(
      CHECKED_AT_MOST,
    );
    expect((await staffSignIn('nobody-staff@example.com', 'x', '198.51.100.8')).status).toBe(429);
  });
});

describe('parallel trader sign-ins of one member', () => {
  it('30 at once: at most the free failures and the locking one reach the membership check', async () => {
    const check = jest.spyOn(membershipClient, 'checkLogin');
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, attempt) =>
          traderSignIn('trader', `wrong-${attempt}`, '198.51.100.9'),
        ),
      );
      expect(check.mock.calls.length).toBeLessThanOrEqual(CHECKED_AT_MOST);
      expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(
        30 - CHECKED_AT_MOST,
      );
      // The right password, even under the e-mail spelling, is refused: one lock per member.
      const right = await traderSignIn('TRADER@example.com', TEST_PASSWORD, '198.51.100.9');
      expect(right.status).toBe(429);
      expect(check.mock.calls.length).toBeLessThanOrEqual(CHECKED_AT_MOST);
    } finally {
      check.mockRestore();
    }
  });

  it('counts the username and e-mail spellings of one member against one lock', async () => {
    const sourceIp = '198.51.100.10';
    const statuses = [];
    for (let attempt = 0; attempt < CHECKED_AT_MOST; attempt += 1) {
      const login = attempt % 2 === 0 ? 'trader' : ' Trader@Example.com ';
      statuses.push((await traderSignIn(login, `wrong-${attempt}`, sourceIp)).status);
    }
    expect(statuses).toEqual(Array(CHECKED_AT_MOST).fill(401));
    expect((await traderSignIn('trader@example.com', TEST_PASSWORD, sourceIp)).status).toBe(429);
    expect((await traderSignIn('trader', TEST_PASSWORD, sourceIp)).status).toBe(429);
  });

  it('a stranger locking the member out from one address does not lock the member out elsewhere', async () => {
    for (let attempt = 0; attempt < CHECKED_AT_MOST + 2; attempt += 1) {
      await traderSignIn('trader', `wrong-${attempt}`, '203.0.113.99');
    }
    expect((await traderSignIn('trader', TEST_PASSWORD, '203.0.113.99')).status).toBe(429);
    expect((await traderSignIn('trader@example.com', TEST_PASSWORD, '192.0.2.55')).status).toBe(
      200,
    );
  });
});
