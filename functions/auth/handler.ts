import {
  AuthFlowType,
  GetUserCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  PasswordResetRequiredException,
  RevokeTokenCommand,
  TooManyRequestsException,
  UnsupportedTokenTypeException,
  UserNotConfirmedException,
  UserNotFoundException,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import type { ActionResult } from '@shared/common/fields';
import {
  adminLoginBodySchema,
  logoutBodySchema,
  refreshBodySchema,
  SIGN_IN_FAILED,
  type AdminLoginResponse,
  type RefreshResponse,
} from '@shared/auth/admin-login';
import { lockIdParamsSchema, type LoginLocksResponse } from '@shared/auth/login-locks';
import type { AuthStatus } from '@shared/membership/membership-session';
import { memberMaySignIn } from '@shared/membership/membership-user';
import {
  TRADER_SIGN_IN_FAILED,
  traderSignInBodySchema,
  type TraderSignInResponse,
} from '@shared/membership/trader-login';
import { authRoutes } from '@shared/api/routes/auth';
import { parseGroupsClaim, roleOf } from '../lib/auth-context';
import { membershipClient } from '../lib/membership/client';
import {
  memberAttemptSubject,
  provisionTraderUser,
  StaffUserError,
  withSignInLease,
} from '../lib/membership/trader-users';
import { cognitoIdentityClient } from '../lib/aws/cognito';
import { requiredEnv } from '../lib/env';
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { logger } from '../lib/logger';
import { createHttpHandler, route, type HttpEvent } from '../lib/http-handler';
import {
  clientAddressOf,
  loginAttemptRepository,
  type AttemptSubject,
} from '../lib/repositories/login-attempt-repository';

/** Cognito's refusals of the caller's credentials: the caller's mistake, never a 500. */
function isCredentialRefusal(error: unknown): boolean {
  return (
    error instanceof NotAuthorizedException ||
    error instanceof InvalidPasswordException ||
    error instanceof UserNotFoundException ||
    error instanceof UserNotConfirmedException ||
    error instanceof PasswordResetRequiredException
  );
}

/** Answers the session's tokens, or `undefined` when Cognito refuses the credentials. */
async function initiateAuth(
  flow: AuthFlowType,
  parameters: Record<string, string>,
): Promise<AuthenticationResultType | undefined> {
  try {
    const answer = await cognitoIdentityClient().send(
      new InitiateAuthCommand({
        AuthFlow: flow,
        ClientId: requiredEnv('USER_POOL_CLIENT_ID'),
        AuthParameters: parameters,
      }),
    );
    // A pending challenge (a new password to set) is no session here.
    if (answer.ChallengeName || !answer.AuthenticationResult?.IdToken) return undefined;
    return answer.AuthenticationResult;
  } catch (error) {
    if (isCredentialRefusal(error)) return undefined;
    if (error instanceof TooManyRequestsException) {
      throw new TooManyRequestsError('Too many requests. Try again in a minute.', 60);
    }
    throw error;
  }
}

/** A staff sign-in's attempts count against the email (case and spaces aside) from this address. */
function staffSubject(email: string, event: HttpEvent): AttemptSubject {
  const login = email.trim().toLowerCase();
  return { identity: `staff:${login}`, label: login, source: clientAddressOf(event) };
}

async function signInFailed(): Promise<never> {
  throw new UnauthorizedError(SIGN_IN_FAILED);
}

/**
 * Revokes a refresh token (Cognito `RevokeToken`), so it buys no further ID token. An unknown or
 * already revoked token is as good as revoked: logout always succeeds.
 */
async function revoke(refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  try {
    await cognitoIdentityClient().send(
      new RevokeTokenCommand({ Token: refreshToken, ClientId: requiredEnv('USER_POOL_CLIENT_ID') }),
    );
  } catch (error) {
    if (!isCredentialRefusal(error) && !(error instanceof UnsupportedTokenTypeException)) {
      throw error;
    }
  }
}

function expiresAt(result: AuthenticationResultType): number {
  return Date.now() + (result.ExpiresIn ?? 3600) * 1000;
}

export const handler = createHttpHandler(authRoutes, {
  'POST /api/auth/admin': route({
    body: adminLoginBodySchema,
    async handle({ body, event }): Promise<AdminLoginResponse> {
      // Counted before the password is checked: a burst gets no more checks than a sequence.
      const subject = staffSubject(body.email, event);
      await loginAttemptRepository.admitOrRefuse(subject);
      const result = await initiateAuth(AuthFlowType.USER_PASSWORD_AUTH, {
        USERNAME: body.email,
        PASSWORD: body.password,
      });
      if (!result) return signInFailed();
      const idToken = result.IdToken as string;
      const claims = decodeJwt(idToken);
      const role = roleOf(parseGroupsClaim(claims['cognito:groups']));
      // A trader's right password here reads like a wrong one: it must not confirm the password.
      if (role !== 'admin') {
        await revoke(result.RefreshToken);
        return signInFailed();
      }
      await loginAttemptRepository.clear(subject);

      const profile = await cognitoIdentityClient().send(
        new GetUserCommand({ AccessToken: result.AccessToken }),
      );
      const attribute = (name: string) =>
        profile.UserAttributes?.find((entry) => entry.Name === name)?.Value;
      const email = attribute('email') ?? body.email;
      return {
        ok: true,
        user_id: String(claims.sub),
        email,
        name: attribute('name') ?? '',
        login: attribute('preferred_username') ?? email,
        role,
        token: idToken,
        refreshToken: result.RefreshToken ?? '',
        expiresAt: expiresAt(result),
      };
    },
  }),

  /**
   * Trader sign-in: the membership system checks the login (username or email) and
   * password; then the member's Cognito user (named by the member id) is provisioned or updated
   * (group `trader`, `custom:memberId`, `custom:traderId`) with a fresh random password this server
   * signs in with at once, one sign-in of a member at a time. Every refusal is the one 401;
   * attempts are counted per member before the check, like staff's.
   */
  'POST /api/auth/trader': route({
    body: traderSignInBodySchema,
    async handle({ body, event }): Promise<TraderSignInResponse> {
      // One count per member whatever the spelling; a login the system does not know counts by itself.
      const known = await membershipClient.findUser(body.login);
      await loginAttemptRepository.admitOrRefuse(
        memberAttemptSubject(known, body.login, clientAddressOf(event)),
      );
      const check = await membershipClient.checkLogin(known?.login ?? body.login, body.password);
      // Only an active member may sign in; the answer does not say why.
      if (!check.ok || !memberMaySignIn(check.user))
        throw new UnauthorizedError(TRADER_SIGN_IN_FAILED);
      const member = check.user;
      let signedIn: { result: AuthenticationResultType; traderId: string };
      try {
        signedIn = await withSignInLease(member.user_id, async () => {
          // The reset and the sign-in run back to back under the lease; a refusal means something
          // outside it reset the password in between, so provision again.
          for (let round = 0; ; round += 1) {
            const provisioned = await provisionTraderUser(member);
            const result = await initiateAuth(AuthFlowType.USER_PASSWORD_AUTH, {
              USERNAME: provisioned.username,
              PASSWORD: provisioned.password,
            });
            if (result) return { result, traderId: provisioned.traderId };
            if (round >= 2) throw new Error('The provisioned trader sign-in was refused');
          }
        });
      } catch (error) {
        if (error instanceof StaffUserError) throw new UnauthorizedError(TRADER_SIGN_IN_FAILED);
        throw error;
      }
      await loginAttemptRepository.clear(
        memberAttemptSubject(member, body.login, clientAddressOf(event)),
      );
      const { result } = signedIn;
      const idToken = result.IdToken as string;
      const claims = decodeJwt(idToken);
      return {
        ok: true,
        user_id: String(claims.sub),
        email: member.email,
        name: `${member.name_f ?? ''} ${member.name_l ?? ''}`.trim() || member.login,
        login: member.login,
        role: 'trader',
        memberId: member.user_id,
        traderId: signedIn.traderId,
        rithmicUserId: member.rithmic_user_id?.trim() ?? '',
        token: idToken,
        refreshToken: result.RefreshToken ?? '',
        expiresAt: expiresAt(result),
      };
    },
  }),

  /** The caller's own authentication status (debug console, trader sidebar's debug block). */
  'GET /api/auth/status': route({
    async handle({ caller }): Promise<AuthStatus> {
      if (!caller) throw new UnauthorizedError();
      const member =
        caller.role === 'trader' && caller.memberId
          ? await membershipClient.getUser(caller.memberId)
          : undefined;
      return {
        isAuthenticated: true,
        token: null,
        user: {
          _id: caller.userId,
          role: { name: caller.role },
          // A trader's Cognito address is the member-id name: the member's own is shown.
          email: member?.email ?? caller.email,
          local: { email: member?.email ?? caller.email },
          ...(caller.traderId && { traderId: caller.traderId }),
          ...(caller.memberId && { memberId: caller.memberId }),
        },
        amemberSession: member
          ? {
              isLoggedIn: true,
              user: { user_id: member.user_id, email: member.email, login: member.login },
            }
          : { isLoggedIn: false, user: null },
      };
    },
  }),

  'POST /api/auth/refresh': route({
    body: refreshBodySchema,
    async handle({ body }): Promise<RefreshResponse> {
      const result = await initiateAuth(AuthFlowType.REFRESH_TOKEN_AUTH, {
        REFRESH_TOKEN: body.refreshToken,
      });
      if (!result) throw new UnauthorizedError('Your session has ended. Please sign in again.');
      return { token: result.IdToken as string, expiresAt: expiresAt(result) };
    },
  }),

  /** The logins locked now and the latest unlocks (staff). */
  'GET /api/auth/locks': route({
    async handle(): Promise<LoginLocksResponse> {
      const [locks, recentClears] = await Promise.all([
        loginAttemptRepository.listLocks(),
        loginAttemptRepository.recentClears(),
      ]);
      return { locks, recentClears };
    },
  }),

  /** Clears every lock of one login (all addresses and account-wide), recording who did it. */
  'DELETE /api/auth/locks/{lockId}': route({
    params: lockIdParamsSchema,
    async handle({ params, caller }): Promise<ActionResult> {
      const clearedBy = caller?.email || caller?.userId || 'unknown';
      const login = await loginAttemptRepository.clearAll(params.lockId, clearedBy);
      if (login === undefined) throw new NotFoundError(`No sign-in lock ${params.lockId}`);
      logger.info('Sign-in lock cleared', { lockId: params.lockId, login, clearedBy });
      return { success: true };
    },
  }),

  'POST /api/auth/logout': route({
    body: logoutBodySchema,
    async handle({ body }): Promise<ActionResult> {
      await revoke(body.refreshToken);
      return { success: true };
    },
  }),
});
