import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  StringAttribute,
  UserPool,
  UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { pascalCase } from './naming';

/** The Cognito groups the route table's access levels map to. */
export const userGroups = ['admin', 'trader'] as const;

/** Staff and traders sign in with email and password; only staff create accounts. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      selfSignUpEnabled: false,
      autoVerify: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: true, mutable: true },
      },
      // A trader's member and trader ids: the API trusts them, so only our server writes
      // them (Admin* calls); the app client below cannot.
      customAttributes: {
        memberId: new StringAttribute({ maxLen: 128, mutable: true }),
        traderId: new StringAttribute({ maxLen: 128, mutable: true }),
      },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const groupName of userGroups) {
      this.userPool.addGroup(`${pascalCase(groupName)}Group`, { groupName });
    }

    // The SPA signs in through our API (USER_PASSWORD_AUTH), never through the hosted UI, so
    // OAuth stays off and a public client needs no secret.
    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      // With their own access token, users may change their display name and nothing else: not
      // custom:memberId or custom:traderId, which the API trusts, and not email, by which sign-in
      // and ownership checks find users. Our server writes those with Admin* calls.
      writeAttributes: new ClientAttributes().withStandardAttributes({ fullname: true }),
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      // A working week: staff sign in on Monday; a leaked refresh token does not last a month.
      refreshTokenValidity: Duration.days(7),
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
