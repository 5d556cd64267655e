/**
 * The SPA's security headers, one definition for CloudFront's response headers policy (web-stack.ts)
 * and the local stack's web server (scripts/local-stack/web-server.ts), so both send the same policy.
 * Plain data and strings: no CDK here, the local server imports it.
 */

/** HSTS: two years, subdomains included. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export interface ContentSecurityPolicyOptions {
  /**
   * Origins the trader area shows in frames (the membership site's pages, the embedded tools): the
   * only frames the app may load besides its own.
   */
  readonly frameSources: readonly string[];
  /** Origins that may frame the app (the firm's membership site); none means same-origin only. */
  readonly frameAncestors: readonly string[];
  /**
   * Vite's dev server: its React refresh preamble is an inline script and hot reload talks over a
   * WebSocket. Never for a built SPA.
   */
  readonly dev?: boolean;
}

const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * Everything from our own origin; styles may be inline (Chakra and the charts set style attributes and
 * emotion injects style elements); frames only from the listed origins; the member-login form may post
 * to the membership site (spec 000: the form's target), nowhere else; no plugins, no base rewriting.
 */
export function contentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const frames = unique(["'self'", ...options.frameSources]);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"]],
    ['frame-src', frames],
    ['form-action', frames],
    ['frame-ancestors', unique(["'self'", ...options.frameAncestors])],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The trader area's addresses, as CloudFront path patterns: the firm's membership site embeds the
 * trader area, and the trader area's logout tells that parent frame (`trader_logout`, spec 001 §7), so
 * these addresses let the membership site frame them. `/traders` itself (the staff's
 * trader list) is not one of them; the staff's `/traders/{id}/…` pages share the pattern, and a
 * framed SPA routes in the browser anyway: the header guards the first load only.
 */
export const TRADER_AREA_PATH_PATTERNS = ['/trader-*', '/traders/*', '/amember-dashboard'] as const;

/** Whether an address is the trader area's (`TRADER_AREA_PATH_PATTERNS`), for the local server. */
export function isTraderAreaPath(pathname: string): boolean {
  return (
    pathname.startsWith('/trader-') ||
    pathname.startsWith('/traders/') ||
    pathname === '/amember-dashboard'
  );
}

/**
 * Who may frame an address: the named ancestors everywhere, and the membership site's origin on the
 * trader area's addresses.
 */
export function frameAncestorsFor(
  pathname: string,
  options: { frameAncestors: readonly string[]; traderFrameAncestors: readonly string[] },
): { frameAncestors: readonly string[] } {
  return {
    frameAncestors: isTraderAreaPath(pathname)
      ? unique([...options.frameAncestors, ...options.traderFrameAncestors])
      : options.frameAncestors,
  };
}

/** The headers the local server sends with every SPA response, as CloudFront does in AWS. */
export function securityHeaders(options: ContentSecurityPolicyOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
  };
}

/** The origin of a URL (scheme, host, port), or undefined for an empty or malformed one. */
export function originOf(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  try {
    return new URL(url.trim()).origin;
  } catch {
    return undefined;
  }
}
