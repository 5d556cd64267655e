import {
  MEMBERSHIP_CHECK_TIMEOUT_MS,
  MEMBERSHIP_WAIT_ATTEMPTS,
  MEMBERSHIP_WAIT_INTERVAL_MS,
  type MembershipCheckResult,
  type MembershipClientLoginResponse,
} from '@shared/membership/membership-session';
import { ApiError } from '@/lib/api-client';

/**
 * The membership-login check of spec 000 §4: the server API first, then the membership frame's
 * answer to a message, then the membership site's session cookie. Each tier has the spec's 5000 ms;
 * its failure is kept as the result's `error` and the next tier is tried. The result only decides
 * what the trader area shows; the API still trusts nothing but the verified token.
 */

export const MEMBERSHIP_FRAME_SELECTOR = 'iframe[data-membership-frame]';
export const LOGIN_CHECK_TIMEOUT = 'Login check timeout';

export interface MembershipCheckDeps {
  /** `POST /api/amember/client-login`. */
  server: (signal: AbortSignal) => Promise<MembershipClientLoginResponse>;
  /** The membership site's origin; frames and messages of other origins are ignored. */
  membershipOrigin: string | null;
  /** The membership site's session cookie, when the site shares the cookie domain. */
  sessionCookie?: string | null;
}

function timeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type TierResult = MembershipCheckResult | { failed: string };

async function serverTier(deps: MembershipCheckDeps): Promise<TierResult> {
  const controller = new AbortController();
  try {
    const answer = await timeout(
      deps.server(controller.signal),
      MEMBERSHIP_CHECK_TIMEOUT_MS,
      LOGIN_CHECK_TIMEOUT,
    );
    return {
      isLoggedIn: answer.success && answer.isLoggedIn,
      user: answer.data?.user ?? null,
      sessionId: answer.data?.sessionId ?? null,
    };
  } catch (error) {
    controller.abort();
    // 401 or 403 means not logged in (spec 000 §8).
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return { isLoggedIn: false, user: null };
    }
    if (error instanceof ApiError) return { failed: `Server API request failed: ${error.status}` };
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

function frameTier(deps: MembershipCheckDeps): Promise<TierResult> {
  const frame = document.querySelector<HTMLIFrameElement>(MEMBERSHIP_FRAME_SELECTOR);
  if (frame === null) return Promise.resolve({ failed: 'No amember iframe found' });
  const target = frame.contentWindow;
  if (target === null || deps.membershipOrigin === null) {
    return Promise.resolve({ failed: 'Cannot access iframe content' });
  }
  return new Promise<TierResult>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== deps.membershipOrigin || event.source !== target) return;
      const data = event.data as { type?: unknown; authenticated?: unknown; user?: unknown };
      if (data?.type !== 'IFRAME_AUTH_STATUS') return;
      finish({ isLoggedIn: data.authenticated === true, user: null });
    };
    const timer = setTimeout(
      () => finish({ failed: 'Iframe communication timeout' }),
      MEMBERSHIP_CHECK_TIMEOUT_MS,
    );
    function finish(result: TierResult) {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(result);
    }
    window.addEventListener('message', onMessage);
    try {
      target.postMessage({ type: 'CHECK_AUTH_STATUS' }, deps.membershipOrigin ?? '');
    } catch {
      finish({ failed: 'Cannot access iframe content' });
    }
  });
}

export const NO_SESSION_COOKIE = 'No membership session cookie';

/**
 * The membership site's session cookie, seen only when the site shares the app's cookie domain and
 * the cookie is readable by scripts; its name comes from `GET /api/amember/config`. Not configured,
 * the tier fails; configured, a non-empty cookie means logged in and its value is the session id.
 */
function cookieTier(deps: MembershipCheckDeps): TierResult {
  if (!deps.sessionCookie) return { failed: NO_SESSION_COOKIE };
  const prefix = `${deps.sessionCookie}=`;
  const value = document.cookie
    .split(';')
    .map((entry) => entry.trim())
    .find((entry) => entry.startsWith(prefix))
    ?.slice(prefix.length);
  return value
    ? { isLoggedIn: true, user: null, sessionId: value }
    : { isLoggedIn: false, user: null };
}

/** One pass over the three tiers. */
export async function checkMembershipLogin(
  deps: MembershipCheckDeps,
): Promise<MembershipCheckResult> {
  const errors: string[] = [];
  for (const tier of [serverTier, frameTier, async (d: MembershipCheckDeps) => cookieTier(d)]) {
    const result = await tier(deps);
    if (!('failed' in result)) {
      return errors.length > 0 && !result.isLoggedIn ? { ...result, error: errors[0] } : result;
    }
    errors.push(result.failed);
  }
  return { isLoggedIn: false, user: null, error: errors[0] };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * While a freshly signed-in trader's membership session settles: up to 10 checks 1000 ms apart
 * (spec 000 §9), stopping at the first that says logged in.
 */
export async function waitForMembershipLogin(
  deps: MembershipCheckDeps,
  attempts = MEMBERSHIP_WAIT_ATTEMPTS,
): Promise<MembershipCheckResult> {
  let result = await checkMembershipLogin(deps);
  for (let attempt = 1; attempt < attempts && !result.isLoggedIn; attempt += 1) {
    await pause(MEMBERSHIP_WAIT_INTERVAL_MS);
    result = await checkMembershipLogin(deps);
  }
  return result;
}
