import {
  MEMBERSHIP_CHECK_TIMEOUT_MS,
  type MembershipConfig,
} from '@shared/membership/membership-session';

/**
 * Where the membership system is and how to authenticate (DESIGN §12). The same variables in AWS (CDK
 * api stack) and locally (the local stack and the test services):
 * - `MEMBERSHIP_API_URL`: base of the REST API (`<url>/api/...`), server to server.
 * - `MEMBERSHIP_API_KEY` (locally) or `MEMBERSHIP_API_KEY_SECRET_ID` (AWS: a Secrets Manager secret
 *   read through the Parameters and Secrets Lambda extension, cached for five minutes).
 * - `MEMBERSHIP_SITE_URL`: the membership site as the browser reaches it (defaults to the API URL).
 * - `TOOLS_SITE_URL`: where the four tool pages live (defaults to the membership site).
 * - `MEMBERSHIP_TIMEOUT_MS`: per request, 5000 by default (spec 000 §9).
 * - `MEMBERSHIP_SESSION_COOKIE`: the name of the membership site's session cookie (aMember's is
 *   usually `PHPSESSID`) when the site shares the app's cookie domain and the cookie is readable by
 *   scripts; the SPA's cookie tier looks for it. Unset: no cookie tier.
 */
export interface MembershipSettings {
  apiUrl: string;
  siteUrl: string;
  toolsUrl: string;
  timeoutMs: number;
  sessionCookie: string | null;
}

/** A cookie name (RFC 6265 token): what `document.cookie` can be searched for. */
const cookieName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function sessionCookieOf(value: string | undefined): string | null {
  const name = value?.trim();
  if (!name) return null;
  if (!cookieName.test(name)) {
    throw new Error(`MEMBERSHIP_SESSION_COOKIE "${name}" is not a cookie name`);
  }
  return name;
}

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`Function environment is missing ${name}`);
  return value;
}

export function membershipSettings(): MembershipSettings {
  const apiUrl = required('MEMBERSHIP_API_URL').replace(/\/$/, '');
  const siteUrl = (process.env.MEMBERSHIP_SITE_URL?.trim() || apiUrl).replace(/\/$/, '');
  const toolsUrl = (process.env.TOOLS_SITE_URL?.trim() || siteUrl).replace(/\/$/, '');
  const timeout = Number(process.env.MEMBERSHIP_TIMEOUT_MS);
  return {
    apiUrl,
    siteUrl,
    toolsUrl,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : MEMBERSHIP_CHECK_TIMEOUT_MS,
    sessionCookie: sessionCookieOf(process.env.MEMBERSHIP_SESSION_COOKIE),
  };
}

const SECRET_CACHE_MS = 5 * 60 * 1000;
let cachedSecret: { value: string; until: number } | undefined;

/** The API key: never logged, never answered. */
export async function membershipApiKey(): Promise<string> {
  const local = process.env.MEMBERSHIP_API_KEY?.trim();
  if (local) return local;
  const secretId = required('MEMBERSHIP_API_KEY_SECRET_ID');
  if (cachedSecret && cachedSecret.until > Date.now()) return cachedSecret.value;
  // The Parameters and Secrets Lambda extension (a layer of the function) answers on port 2773.
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const response = await fetch(
    `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`,
    { headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' } },
  );
  if (!response.ok)
    throw new Error(`The membership API key secret is unreadable (${response.status})`);
  const { SecretString } = (await response.json()) as { SecretString?: string };
  if (!SecretString) throw new Error('The membership API key secret is empty');
  cachedSecret = { value: SecretString.trim(), until: Date.now() + SECRET_CACHE_MS };
  return cachedSecret.value;
}

/**
 * The public configuration the SPA reads (`GET /api/amember/config`): the membership site's pages the
 * hub embeds, its login form's target, the tool pages and the session cookie's name. Paths are aMember's (and the stand-in's).
 */
export function membershipPublicConfig(): MembershipConfig {
  const { siteUrl, toolsUrl, sessionCookie } = membershipSettings();
  const member = (path: string) => `${siteUrl}${path}`;
  const tool = (path: string) => `${toolsUrl}${path}`;
  return {
    origin: new URL(siteUrl).origin,
    sessionCookie,
    loginUrl: member('/login'),
    logoutUrl: member('/logout'),
    memberPages: {
      accounts: member('/member'),
      'purchase-programs': member('/signup'),
      profile: member('/profile'),
      'payment-history': member('/member/payment-history'),
      bullpen: member('/member/evaluations'),
      mim: member('/mim'),
      dashboard: member('/member'),
    },
    tools: {
      tradechat: tool('/chat'),
      spygate: tool('/spygate'),
      wrap: tool('/wrap'),
      livesquawk: tool('/livesquawk'),
    },
  };
}
