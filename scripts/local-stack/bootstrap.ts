import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  AddCustomAttributesCommand,
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  UpdateUserPoolClientCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { tableDefinition } from '../../functions/lib/db/table-definition';

export const USER_GROUPS = ['admin', 'trader'] as const;

export interface UserPoolIds {
  userPoolId: string;
  clientId: string;
}

export interface DemoUser {
  email: string;
  name: string;
  group: (typeof USER_GROUPS)[number];
}

/** The demo users of every fresh local stack; their password comes from DEMO_PASSWORD or the README's. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@example.com', name: 'Demo Admin', group: 'admin' },
  { email: 'trader@example.com', name: 'Demo Trader', group: 'trader' },
];
export const DEFAULT_DEMO_PASSWORD = 'Deskline-Demo-2026!';

/** Creates the table with the production key schema unless it exists. Returns whether it was created. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const definition = tableDefinition(tableName);
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const present = new Set(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName));
    const missing = definition.GlobalSecondaryIndexes?.filter(
      (index) => !present.has(index.IndexName),
    );
    if (missing?.length) {
      const names = missing.map((index) => index.IndexName).join(', ');
      throw new Error(`The local table ${tableName} predates index ${names}: run npm run reset`);
    }
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(definition));
  // A new table is CREATING until the server marks it ACTIVE (dynalite does it asynchronously, even with
  // createTableMs 0): a write before that is a ResourceNotFoundException on a loaded machine.
  await waitUntilTableExists({ client, minDelay: 1, maxWaitTime: 120 }, { TableName: tableName });
  return true;
}

/** Creates the files bucket unless it exists; s3rver needs a CORS configuration to answer browsers. */
export async function ensureBucket(client: S3Client, bucket: string): Promise<boolean> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return false;
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedMethods: ['GET', 'PUT', 'HEAD'],
              AllowedOrigins: ['*'],
              AllowedHeaders: ['*'],
            },
          ],
        },
      }),
    );
    return true;
  }
}

async function poolIsAlive(
  client: CognitoIdentityProviderClient,
  ids: UserPoolIds,
): Promise<boolean> {
  try {
    await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.clientId }),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * The user pool, its groups and app client, as the CDK auth stack declares them. cognito-local makes new
 * ids each time, so the ids are remembered in `idsFile` and reused while the pool still exists.
 */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  idsFile: string,
): Promise<{ ids: UserPoolIds; created: boolean }> {
  if (existsSync(idsFile)) {
    const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as UserPoolIds;
    if (await poolIsAlive(client, ids)) {
      await ensureTraderAttributes(client, ids.userPoolId);
      await ensureClientSettings(client, ids);
      return { ids, created: false };
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({ PoolName: 'deskline-users', UsernameAttributes: ['email'] }),
  );
  const userPoolId = pool.UserPool?.Id as string;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'deskline-web',
      ...APP_CLIENT_SETTINGS,
      ExplicitAuthFlows: [...APP_CLIENT_SETTINGS.ExplicitAuthFlows],
      WriteAttributes: [...APP_CLIENT_SETTINGS.WriteAttributes],
    }),
  );
  for (const group of USER_GROUPS) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
  }
  await ensureTraderAttributes(client, userPoolId);
  const ids = { userPoolId, clientId: appClient.UserPoolClient?.ClientId as string };
  writeFileSync(idsFile, `${JSON.stringify(ids, null, 2)}\n`);
  return { ids, created: true };
}

/**
 * The app client's settings, as the CDK auth stack declares them: tokens live 1 h and refresh tokens
 * 7 days (without a validity cognito-local issues 24 h tokens); users may write only their `name`
 * (cognito-local stores `WriteAttributes` but does not enforce it).
 */
export const APP_CLIENT_SETTINGS = {
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  WriteAttributes: ['name'],
  IdTokenValidity: 1,
  AccessTokenValidity: 1,
  RefreshTokenValidity: 7,
  TokenValidityUnits: { IdToken: 'hours', AccessToken: 'hours', RefreshToken: 'days' },
} as const;

/** Gives an older app client (24 h tokens) the settings above. */
async function ensureClientSettings(
  client: CognitoIdentityProviderClient,
  ids: UserPoolIds,
): Promise<void> {
  await client.send(
    new UpdateUserPoolClientCommand({
      UserPoolId: ids.userPoolId,
      ClientId: ids.clientId,
      ...APP_CLIENT_SETTINGS,
      ExplicitAuthFlows: [...APP_CLIENT_SETTINGS.ExplicitAuthFlows],
      WriteAttributes: [...APP_CLIENT_SETTINGS.WriteAttributes],
    }),
  );
}

/** The custom attributes of a trader's sign-in, as the CDK auth stack declares them. */
export const TRADER_ATTRIBUTES = ['memberId', 'traderId'] as const;

/** Adds the trader attributes to a pool that lacks them (pools made before traders signed in included). */
export async function ensureTraderAttributes(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<void> {
  const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
  const present = new Set(UserPool?.SchemaAttributes?.map((attribute) => attribute.Name));
  const missing = TRADER_ATTRIBUTES.filter((name) => !present.has(`custom:${name}`));
  if (missing.length === 0) return;
  await client.send(
    new AddCustomAttributesCommand({
      UserPoolId: userPoolId,
      CustomAttributes: missing.map((Name) => ({
        Name,
        AttributeDataType: 'String',
        Mutable: true,
        StringAttributeConstraints: { MaxLength: '128' },
      })),
    }),
  );
}

/** Creates or updates a confirmed user with a permanent password, in one group. */
export async function ensureUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  user: DemoUser,
  password: string,
): Promise<void> {
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: user.name },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      Password: password,
      Permanent: true,
    }),
  );
  await client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      GroupName: user.group,
    }),
  );
}
