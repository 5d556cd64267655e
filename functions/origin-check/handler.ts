import { createHash, timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER } from '@shared/api/origin-verify';

/** What API Gateway's HTTP API hands a Lambda authorizer (payload 2.0): only the headers matter. */
export interface OriginCheckEvent {
  headers?: Record<string, string | undefined>;
}

/** Equal secrets, compared in constant time (hashed first, so lengths never differ). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The HTTP API's authorizer of the public routes (sign-in, refresh, logout, the membership
 * configuration): lets through only requests that carry CloudFront's origin secret, so sign-in
 * cannot be reached around CloudFront and its per-address WAF limits. API Gateway caches
 * the answer per header value for five minutes. A missing secret lets nothing through.
 */
export async function handler(event: OriginCheckEvent): Promise<{ isAuthorized: boolean }> {
  const expected = process.env.ORIGIN_VERIFY_SECRET ?? '';
  const given = event.headers?.[ORIGIN_VERIFY_HEADER] ?? '';
  return { isAuthorized: expected.length > 0 && sameSecret(given, expected) };
}
