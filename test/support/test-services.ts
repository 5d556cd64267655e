import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DEMO_USERS,
  ensureTable,
  ensureUser,
  ensureUserPool,
} from '../../scripts/local-stack/bootstrap';
import { LOCAL_ISSUER_DOMAIN, startCognito, startDynamo } from '../../scripts/local-stack/servers';
import { demoMembers, startMembershipServer } from '../../scripts/local-stack/membership-server';

export const TEST_TABLE = 'deskline-test';
export const TEST_PASSWORD = 'Test-Password-1!';
export const TEST_MEMBERSHIP_API_KEY = 'test-membership-key';
/** The local key-encryption key of firm secrets in tests: fixed, 32 bytes, base64. */
export const TEST_FIRM_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
/** Where the membership stand-in sends the login form back to in tests. */
export const TEST_APP_ORIGIN = 'http://localhost:3999';

export interface TestServices {
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * In-memory dynalite and a cognito-local in a temporary folder, on free ports, with the table, the user
 * pool and the demo users: nothing touches a developer's `.data/` or running `npm start`.
 */
export async function startTestServices(): Promise<TestServices> {
  const cognitoDir = mkdtempSync(join(tmpdir(), 'deskline-cognito-'));
  const [dynamo, cognito, membership] = await Promise.all([
    startDynamo(),
    startCognito(cognitoDir),
    // The membership stand-in in memory, seeded with the demo member.
    startMembershipServer({
      port: 0,
      apiKey: TEST_MEMBERSHIP_API_KEY,
      appOrigins: [TEST_APP_ORIGIN],
      seed: demoMembers(TEST_PASSWORD),
    }),
  ]);
  const env: Record<string, string> = {
    AWS_REGION: 'us-east-1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
    TABLE_NAME: TEST_TABLE,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    MEMBERSHIP_API_URL: membership.url,
    MEMBERSHIP_API_KEY: TEST_MEMBERSHIP_API_KEY,
    FIRM_SECRETS_LOCAL_KEY: TEST_FIRM_SECRETS_KEY,
  };
  Object.assign(process.env, env);
  await ensureTable(new DynamoDBClient({}), TEST_TABLE);
  const cognitoClient = new CognitoIdentityProviderClient({});
  const { ids } = await ensureUserPool(cognitoClient, join(cognitoDir, 'user-pool.json'));
  for (const user of DEMO_USERS)
    await ensureUser(cognitoClient, ids.userPoolId, user, TEST_PASSWORD);
  Object.assign(env, {
    USER_POOL_ID: ids.userPoolId,
    USER_POOL_CLIENT_ID: ids.clientId,
    TEST_COGNITO_ISSUER: `${LOCAL_ISSUER_DOMAIN}/${ids.userPoolId}`,
    TEST_COGNITO_JWKS: `${cognito.endpoint}/${ids.userPoolId}/.well-known/jwks.json`,
  });
  return {
    env,
    stop: async () => {
      await Promise.all([dynamo.close(), cognito.close(), membership.close()]);
      rmSync(cognitoDir, { recursive: true, force: true });
    },
  };
}
