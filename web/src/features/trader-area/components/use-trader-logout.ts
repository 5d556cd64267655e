import { useNavigate } from 'react-router-dom';
import { logout } from '@/lib/api-client';
import { clearBrokerKeys, clearMemberLogin } from '../trader-storage';
import { useMembership } from './membership-context';

/** The message a parent page (the membership site embedding the trader area) receives on logout. */
export const TRADER_LOGOUT_MESSAGE = { type: 'trader_logout' } as const;

/**
 * Logout of the trader area (spec 000 §2, spec 001 §7): clears the three stored broker keys (and the
 * session, which revokes its refresh token), then tells the parent frame when embedded, otherwise
 * goes to /trader-login.
 */
export function useTraderLogout(): () => void {
  const navigate = useNavigate();
  const { config } = useMembership();
  return () => {
    clearBrokerKeys();
    clearMemberLogin();
    if (window.parent !== window) {
      void logout();
      // The message carries nothing private; without a known origin it still only says "logged out".
      window.parent.postMessage(TRADER_LOGOUT_MESSAGE, config?.origin ?? '*');
      return;
    }
    // The login page ends the session once it is shown: a trader page that saw the session go
    // would send the trader to the login with itself as returnTo, which a logout must not do.
    void navigate('/trader-login', { state: { logout: true } });
  };
}
