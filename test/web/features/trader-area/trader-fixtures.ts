import type { MembershipConfig } from '@shared/membership/membership-session';
import { signInAs } from '../../support/session-fixtures';

export const MEMBER_ORIGIN = 'https://members.deskline.test';

export const membershipConfig: MembershipConfig = {
  origin: MEMBER_ORIGIN,
  loginUrl: `${MEMBER_ORIGIN}/login`,
  logoutUrl: `${MEMBER_ORIGIN}/logout`,
  memberPages: {
    accounts: `${MEMBER_ORIGIN}/member`,
    'purchase-programs': `${MEMBER_ORIGIN}/signup`,
    profile: `${MEMBER_ORIGIN}/profile`,
    'payment-history': `${MEMBER_ORIGIN}/member/payment-history`,
    bullpen: `${MEMBER_ORIGIN}/evaluations`,
    mim: `${MEMBER_ORIGIN}/mim`,
    dashboard: `${MEMBER_ORIGIN}/member/dashboard`,
  },
  tools: {
    tradechat: `${MEMBER_ORIGIN}/tools/tradechat`,
    spygate: `${MEMBER_ORIGIN}/tools/spygate`,
    wrap: `${MEMBER_ORIGIN}/tools/wrap`,
    livesquawk: `${MEMBER_ORIGIN}/tools/livesquawk`,
  },
};

export const memberUser = { user_id: '7', email: 'trader@example.com', login: 'demotrader' };

export const loggedInAnswer = {
  success: true,
  isLoggedIn: true,
  data: { user: memberUser, sessionId: null },
};

/** A trader's session as the trader sign-in stores it. */
export function signInAsTrader(traderId = 'TR000001') {
  return signInAs({
    user: {
      email: 'trader@example.com',
      name: 'Terry Trader',
      username: 'demotrader',
      token: 'id-token-1',
      role: 'trader',
      rooms: [],
      user_id: 'sub-trader-1',
      traderId,
      memberId: '7',
    },
  });
}
