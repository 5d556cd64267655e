import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { UserRole } from '@shared/auth/admin-login';

/** Who is calling, from the claims the authorizer verified (handlers never parse tokens themselves). */
export interface Caller {
  userId: string;
  email: string | undefined;
  groups: string[];
  role: UserRole;
  /**
   * A trader's ids, from the verified token's `custom:traderId` and `custom:memberId` claims, which
   * only our server sets (trader sign-in, manual sync; the app client cannot write them). Never from
   * a query string, a body or the browser's storage.
   */
  traderId?: string;
  memberId?: string;
}

/**
 * API Gateway hands array claims to Lambda as a string like "[admin trader]"; the local emulator does the
 * same. Accept that, a comma list, or a real array.
 */
export function parseGroupsClaim(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim !== 'string') return [];
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

export function roleOf(groups: readonly string[]): UserRole {
  return groups.includes('admin') ? 'admin' : 'trader';
}

export function callerFromEvent(
  event: Partial<APIGatewayProxyEventV2WithJWTAuthorizer>,
): Caller | undefined {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') return undefined;
  const groups = parseGroupsClaim(claims['cognito:groups']);
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  return {
    userId: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    groups,
    role: roleOf(groups),
    traderId: text(claims['custom:traderId']),
    memberId: text(claims['custom:memberId']),
  };
}
