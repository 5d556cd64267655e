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
