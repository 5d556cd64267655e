/**
 * Where the membership system (aMember Pro) is, as the deployment knows it: the cdk context
 * keys an operator sets, the API functions' environment built from them
 * (functions/lib/membership/config.ts reads the same variables) and the frame origins the CSP must
 * allow for the trader area to embed the membership site and the tools.
 */
export interface MembershipProps {
  /** `deskline:membershipUrl`: base of its REST API (`<url>/api/...`), server to server. */
  readonly apiUrl: string;
  /** `deskline:membershipSiteUrl`: the site as browsers reach it. @default apiUrl */
  readonly siteUrl?: string;
  /** `deskline:toolsUrl`: where the four tool pages live. @default the site */
  readonly toolsUrl?: string;
  /**
   * `deskline:membershipSessionCookie`: the site's session cookie (aMember: usually `PHPSESSID`),
   * only when it shares the app's cookie domain and scripts can read it. @default none (no cookie tier)
   */
  readonly sessionCookie?: string;
}

/** The placeholder of a deployment that names no membership system (cdk.json names it). */
export const defaultMembership: MembershipProps = { apiUrl: 'https://members.example.com' };

/** The site and the tools URL, each defaulting as the functions do. */
export function membershipSites(membership: MembershipProps): {
  siteUrl: string;
  toolsUrl: string;
} {
  const siteUrl = membership.siteUrl ?? membership.apiUrl;
  return { siteUrl, toolsUrl: membership.toolsUrl ?? siteUrl };
}

/** The functions' environment, but the API key (a secret, added by the api stack). */
export function membershipEnvironment(membership: MembershipProps): Record<string, string> {
  const { siteUrl, toolsUrl } = membershipSites(membership);
  return {
    MEMBERSHIP_API_URL: membership.apiUrl,
    MEMBERSHIP_SITE_URL: siteUrl,
    TOOLS_SITE_URL: toolsUrl,
    ...(membership.sessionCookie && { MEMBERSHIP_SESSION_COOKIE: membership.sessionCookie }),
  };
}

/** The origins the trader area frames: the membership site's and the tools'. */
export function membershipFrameOrigins(membership: MembershipProps): string[] {
  const { siteUrl, toolsUrl } = membershipSites(membership);
  return [...new Set([new URL(siteUrl).origin, new URL(toolsUrl).origin])];
}

function httpsUrl(key: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || url.username || url.password || url.search || url.hash) {
    throw new Error(
      `deskline:${key}: "${text}" is not an https URL like https://members.example.com`,
    );
  }
  return text.replace(/\/$/, '');
}

/** A cookie name (RFC 6265 token), as the functions check it. */
const cookieName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Reads the membership context keys; undefined without `deskline:membershipUrl` (the api stack then
 * uses {@link defaultMembership}). The site, tools and cookie keys need the URL.
 */
export function parseMembership(context: (key: string) => unknown): MembershipProps | undefined {
  const apiUrl = httpsUrl('membershipUrl', context('membershipUrl'));
  const siteUrl = httpsUrl('membershipSiteUrl', context('membershipSiteUrl'));
  const toolsUrl = httpsUrl('toolsUrl', context('toolsUrl'));
  const rawCookie = context('membershipSessionCookie');
  const sessionCookie =
    rawCookie === undefined || rawCookie === null
      ? undefined
      : String(rawCookie).trim() || undefined;
  if (sessionCookie !== undefined && !cookieName.test(sessionCookie)) {
    throw new Error(`deskline:membershipSessionCookie: "${sessionCookie}" is not a cookie name`);
  }
  if (apiUrl === undefined) {
    if (siteUrl ?? toolsUrl ?? sessionCookie) {
      throw new Error(
        'deskline:membershipSiteUrl, deskline:toolsUrl and deskline:membershipSessionCookie need deskline:membershipUrl',
      );
    }
    return undefined;
  }
  return {
    apiUrl,
    ...(siteUrl && { siteUrl }),
    ...(toolsUrl && { toolsUrl }),
    ...(sessionCookie && { sessionCookie }),
  };
}
