import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AuthFlowType,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { ensureUserPool } from '../../../scripts/local-stack/bootstrap';
import { TEST_PASSWORD } from '../../support/test-services';

/*
 * The tokens of cognito-local lived 24 h (its default when the app client sets no
 * validity) where the CDK app client (infra/auth-stack.ts) and the README say 1 h.
 */

const HOUR_S = 3600;

async function lifetimes(clientId: string) {
  const answer = await new CognitoIdentityProviderClient({}).send(
    new InitiateAuthCommand({
      AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
      ClientId: clientId,
      AuthParameters: { USERNAME: 'admin@example.com', PASSWORD: TEST_PASSWORD },
    }),
  );
  const lifetime = (token: string | undefined) => {
    const { exp, iat } = decodeJwt(token as string);
    return (exp as number) - (iat as number);
  };
  // cognito-local answers no ExpiresIn; the handlers fall back to 1 h, so the tokens' own claims count.
  return {
    id: lifetime(answer.AuthenticationResult?.IdToken),
    access: lifetime(answer.AuthenticationResult?.AccessToken),
  };
}

describe("the local stack's tokens", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'deskline-pool-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('live one hour, as in AWS, in a pool the bootstrap creates', async () => {
    await expect(lifetimes(process.env.USER_POOL_CLIENT_ID as string)).resolves.toEqual({
      id: HOUR_S,
      access: HOUR_S,
    });
  });

  it("live one hour in a pool made before, once the bootstrap has run over it (a developer's .data)", async () => {
    const client = new CognitoIdentityProviderClient({});
    const userPoolId = process.env.USER_POOL_ID as string;
    // The app client as the bootstrap used to make it: no token validity, so cognito-local's 24 h.
    const old = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'deskline-web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const clientId = old.UserPoolClient?.ClientId as string;
    const idsFile = join(dir, 'user-pool.json');
    writeFileSync(idsFile, JSON.stringify({ userPoolId, clientId }));

    const { created } = await ensureUserPool(client, idsFile);

    expect(created).toBe(false);
    // Users may write their name only, as the CDK app client says (cognito-local does not enforce it).
    const { UserPoolClient } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }),
    );
    expect(UserPoolClient?.WriteAttributes).toEqual(['name']);
    await expect(lifetimes(clientId)).resolves.toEqual({
      id: HOUR_S,
      access: HOUR_S,
    });
  });
});
