import type { Caller } from '../../functions/lib/auth-context';
import { claimsFor } from './http-events';

/** The demo trader `trader@example.com` (claims of `claimsFor('trader')`) is trader TR000001. */
export const OWNER_TRADER_ID = 'TR000001';

/** A signed-in trader who owns none of the demo accounts. */
export function otherTraderClaims(): Record<string, string> {
  return {
    ...claimsFor('trader', 'other-trader-id'),
    email: 'someone.else@example.com',
    'custom:traderId': 'TR999998',
    'custom:memberId': '999',
  };
}

export const callers = {
  admin: claimsFor('admin'),
  owner: claimsFor('trader'),
  other: otherTraderClaims(),
};

/** A signed-in trader as the handlers see one: the verified token names `traderId`; the email never decides. */
export const traderCaller = (traderId: string | undefined, email = 'jane@example.com'): Caller => ({
  userId: 'trader-sub',
  email,
  groups: ['trader'],
  role: 'trader',
  traderId,
});

/** A signed-in staff member as the handlers see one, with the same email as {@link traderCaller}'s. */
export const staffCaller: Caller = {
  userId: 'staff-sub',
  email: 'jane@example.com',
  groups: ['admin'],
  role: 'admin',
};
