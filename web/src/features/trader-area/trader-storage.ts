import { BROKER_STORAGE_KEYS, TRADER_STORAGE_KEYS } from '@shared/membership/trader-login';
import { HUB_SECTIONS } from './hub-sections';
import { paths } from '@/config/paths';

/**
 * The trader's browser storage (spec 000 §3, spec 001 §3 'Trader session values'). These values are
 * display hints only: the API decides who the caller is from the verified token, never from them.
 */

export interface BrokerHints {
  rithmicUserId: string | null;
  email: string | null;
  login: string | null;
}

export function readBrokerHints(): BrokerHints {
  return {
    rithmicUserId: localStorage.getItem(TRADER_STORAGE_KEYS.rithmicUserId),
    email: localStorage.getItem(TRADER_STORAGE_KEYS.rithmicEmail),
    login: localStorage.getItem(TRADER_STORAGE_KEYS.rithmicLogin),
  };
}

export function storeBrokerHints(hints: Partial<BrokerHints>): void {
  const pairs: [string, string | null | undefined][] = [
    [TRADER_STORAGE_KEYS.rithmicUserId, hints.rithmicUserId],
    [TRADER_STORAGE_KEYS.rithmicEmail, hints.email],
    [TRADER_STORAGE_KEYS.rithmicLogin, hints.login],
  ];
  for (const [key, value] of pairs) {
    if (value) localStorage.setItem(key, value);
  }
}

/** Logout clears the three stored broker keys (spec 000 §2 'Trader-side sidebar'). */
export function clearBrokerKeys(): void {
  for (const key of BROKER_STORAGE_KEYS) localStorage.removeItem(key);
}

export function storeMemberLogin(memberId: string): void {
  localStorage.setItem(TRADER_STORAGE_KEYS.amemberUserId, memberId);
  localStorage.setItem(TRADER_STORAGE_KEYS.amemberAuthenticated, 'true');
}

export function clearMemberLogin(): void {
  localStorage.removeItem(TRADER_STORAGE_KEYS.amemberUserId);
  localStorage.removeItem(TRADER_STORAGE_KEYS.amemberAuthenticated);
}

/** The pending-login items kept across the membership site's form post (spec 001 §3). */
export const PENDING_LOGIN_KEYS = {
  returnTo: 'trader_login_return_to',
  target: 'trader_login_target',
  attemptId: 'trader_login_attempt_id',
} as const;

export function storePendingLogin(values: {
  returnTo?: string;
  target?: string;
  attemptId: string;
}) {
  localStorage.setItem(PENDING_LOGIN_KEYS.attemptId, values.attemptId);
  if (values.returnTo) localStorage.setItem(PENDING_LOGIN_KEYS.returnTo, values.returnTo);
  else localStorage.removeItem(PENDING_LOGIN_KEYS.returnTo);
  if (values.target) localStorage.setItem(PENDING_LOGIN_KEYS.target, values.target);
  else localStorage.removeItem(PENDING_LOGIN_KEYS.target);
}

/** Spec 001 §9: the login attempt id is the current timestamp. */
export function newLoginAttemptId(): string {
  return String(Date.now());
}

export function readPendingReturnTo(): string | null {
  return localStorage.getItem(PENDING_LOGIN_KEYS.returnTo);
}

/**
 * Reads the stored return-to value and then clears the pending-login items. The spec's version
 * removed the value before reading it, so it nearly always went to /trader-interface; the value is
 * honoured here (decision 7).
 */
export function takePendingReturnTo(): string | null {
  const returnTo = localStorage.getItem(PENDING_LOGIN_KEYS.returnTo);
  for (const key of Object.values(PENDING_LOGIN_KEYS)) localStorage.removeItem(key);
  return returnTo;
}

/** Where a trader may be sent back to after signing in (decision 7); tool pages too (decision 8). */
const RETURN_PATHS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    HUB_SECTIONS.map((section) => [section.id, paths.traderAreaPage.href({ page: section.id })]),
  ),
  mim: '/traders/mim',
  'amember-dashboard': '/amember-dashboard',
  tradechat: '/traders/tradechat',
  spygate: '/traders/spygate',
  wrap: '/traders/wrap',
  livesquawk: '/traders/livesquawk',
};

export function isValidReturnTo(value: string | null | undefined): value is string {
  return typeof value === 'string' && Object.hasOwn(RETURN_PATHS, value);
}

/**
 * After sign-in without a return-to value the trader goes to their own dashboard (decision 42): the
 * /trader-dashboard redirect finds it from the verified token (or the trader hub without a trader).
 */
export const DEFAULT_SIGNED_IN_PATH = '/trader-dashboard';

/** The page for a return-to value; anything unknown goes to the trader's own dashboard. */
export function returnPath(returnTo: string | null | undefined): string {
  return isValidReturnTo(returnTo)
    ? (RETURN_PATHS[returnTo] ?? DEFAULT_SIGNED_IN_PATH)
    : DEFAULT_SIGNED_IN_PATH;
}
