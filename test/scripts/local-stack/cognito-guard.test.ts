import {
  AuthFlowType,
  CognitoIdentityProviderClient,
  DeleteUserAttributesCommand,
  GetUserCommand,
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { handler as auth } from '../../../functions/auth/handler';
import { handler as traders } from '../../../functions/traders/handler';
import { putItem } from '../../../functions/lib/db/table';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import { traderSchema } from '@shared/traders/trader';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { createTestMember } from '../../support/members';
import { TEST_PASSWORD } from '../../support/test-services';

/** The verified claims of a token, as API Gateway's authorizer hands them to the handler. */
function claimsOf(token: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(decodeJwt(token)).map(([key, value]) => [
      key,
      Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
    ]),
  );
}

const putTrader = (traderId: string) =>
  putItem(
    traderRepository.itemOf(
      traderSchema.parse({
        traderId,
        firstName: 'T',
        lastName: traderId,
        email: `${traderId.toLowerCase()}@example.com`,
      }),
    ),
  );

useFreshTable();

/**
 * Locally a trader rewrote its own `custom:traderId` through cognito-local
 * (`UpdateUserAttributes`) and read another trader's data. The local stack's Cognito now refuses
 * what the AWS app client's write attributes refuse: every attribute but `name`.
 */
describe('a trader rewriting its own Cognito attributes', () => {
  it('is refused, and a refreshed token still reads only its own trader', async () => {
    const [self, other] = [`TRS${Date.now()}`, `TRO${Date.now()}`];
    await Promise.all([putTrader(self), putTrader(other)]);
    const member = await createTestMember(TEST_PASSWORD, { rithmic_user_id: self });
    const victim = await createTestMember(TEST_PASSWORD, { rithmic_user_id: other });
    const signIn = await invoke(
      auth,
      httpEvent(
        { method: 'POST', path: '/api/auth/trader' },
        { body: { login: member.login, password: TEST_PASSWORD } },
      ),
    );
    expect(signIn.status).toBe(200);
    expect(signIn.body.traderId).toBe(self);

    const cognito = new CognitoIdentityProviderClient({});
    const refresh = async () =>
      (
        await cognito.send(
          new InitiateAuthCommand({
            AuthFlow: AuthFlowType.REFRESH_TOKEN_AUTH,
            ClientId: process.env.USER_POOL_CLIENT_ID,
            AuthParameters: { REFRESH_TOKEN: signIn.body.refreshToken },
          }),
        )
      ).AuthenticationResult;
    const accessToken = (await refresh())?.AccessToken as string;

    for (const attributes of [
      [{ Name: 'custom:traderId', Value: other }],
      [{ Name: 'custom:memberId', Value: victim.user_id }],
      [{ Name: 'email', Value: victim.email }],
      [
        { Name: 'name', Value: 'Renamed' },
        { Name: 'custom:traderId', Value: other },
      ],
    ]) {
      await expect(
        cognito.send(
          new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: attributes }),
        ),
      ).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: expect.stringContaining('unauthorized attribute'),
      });
    }
    await expect(
      cognito.send(
        new DeleteUserAttributesCommand({
          AccessToken: accessToken,
          UserAttributeNames: ['custom:traderId'],
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // The one attribute a trader may write still works.
    await cognito.send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: [{ Name: 'name', Value: 'Renamed Trader' }],
      }),
    );
    const profile = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
    const attribute = (name: string) =>
      profile.UserAttributes?.find((entry) => entry.Name === name)?.Value;
    expect(attribute('name')).toBe('Renamed Trader');
    expect(attribute('custom:traderId')).toBe(self);

    const claims = claimsOf((await refresh())?.IdToken as string);
    expect(claims['custom:traderId']).toBe(self);
    const read = (traderId: string) =>
      invoke(
        traders,
        httpEvent(
          { method: 'GET', path: '/api/traders/{traderId}' },
          { claims, pathParameters: { traderId } },
        ),
      );
    expect((await read(other)).status).toBe(403);
    expect((await read(self)).status).toBe(200);
  });
});
