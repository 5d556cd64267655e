import {
  AuthFlowType,
  GetUserCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  PasswordResetRequiredException,
  UserNotConfirmedException,
  UserNotFoundException,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import {
  adminLoginBodySchema,
  refreshBodySchema,
  type AdminLoginResponse,
  type RefreshResponse,
} from '../../shared/auth/admin-login';
import { parseGroupsClaim, roleOf } from '../lib/auth-context';
import { cognitoIdentityClient } from '../lib/aws-clients';
import { requiredEnv } from '../lib/env';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { createHttpHandler, route } from '../lib/http-handler';

/** Cognito's own refusals are the caller's mistake: answer 401 with Cognito's message. */
async function initiateAuth(
  flow: AuthFlowType,
  parameters: Record<string, string>,
): Promise<AuthenticationResultType> {
  try {
    const answer = await cognitoIdentityClient().send(
      new InitiateAuthCommand({
        AuthFlow: flow,
        ClientId: requiredEnv('USER_POOL_CLIENT_ID'),
        AuthParameters: parameters,
      }),
    );
    if (answer.ChallengeName) {
      throw new UnauthorizedError('This account must set a new password before signing in');
    }
    if (!answer.AuthenticationResult?.IdToken) throw new UnauthorizedError('Sign-in failed');
    return answer.AuthenticationResult;
  } catch (error) {
    if (
      error instanceof NotAuthorizedException ||
      error instanceof InvalidPasswordException ||
      error instanceof UserNotFoundException ||
      error instanceof UserNotConfirmedException ||
      error instanceof PasswordResetRequiredException
    ) {
      throw new UnauthorizedError(error.message);
    }
    throw error;
  }
}

function expiresAt(result: AuthenticationResultType): number {
  return Date.now() + (result.ExpiresIn ?? 3600) * 1000;
}

export const handler = createHttpHandler('auth', {
  'POST /api/auth/admin': route({
    body: adminLoginBodySchema,
    async handle({ body }): Promise<AdminLoginResponse> {
      const result = await initiateAuth(AuthFlowType.USER_PASSWORD_AUTH, {
        USERNAME: body.email,
        PASSWORD: body.password,
      });
      const idToken = result.IdToken as string;
      const claims = decodeJwt(idToken);
      const role = roleOf(parseGroupsClaim(claims['cognito:groups']));
      if (role !== 'admin') throw new ForbiddenError('Only staff accounts can sign in here');

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

  'POST /api/auth/refresh': route({
    body: refreshBodySchema,
    async handle({ body }): Promise<RefreshResponse> {
      const result = await initiateAuth(AuthFlowType.REFRESH_TOKEN_AUTH, {
        REFRESH_TOKEN: body.refreshToken,
      });
      return { token: result.IdToken as string, expiresAt: expiresAt(result) };
    },
  }),
});
