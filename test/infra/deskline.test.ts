import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { tableDefinition, TTL_ATTRIBUTE } from '../../functions/lib/db/table-definition';
import { functionDefaults } from '../../infra/constructs/deskline-function';
import { pascalCase } from '../../infra/naming';
import { contentSecurityPolicy, TRADER_AREA_PATH_PATTERNS } from '../../infra/security-headers';
import { resourceSettings, tableActions } from '../../infra/resource-permissions';
import { resourcesOf, routeKeyOf, routes } from '@shared/api/routes';
import {
  functionOf,
  functionStatements,
  logicalIdOf,
  policyStatements,
  refersTo,
  resolveReference,
  resourcesOfType,
  testDeskline,
} from './support/cdk-test-app';

// One synthesized app for every assertion of this file: synthesis is the slow part.
const stacks = testDeskline({
  frameAncestors: ['https://members.example.com'],
  frameSources: ['https://members.example.com', 'https://tools.example.com'],
});
const templates = {
  data: Template.fromStack(stacks.data),
  auth: Template.fromStack(stacks.auth),
  api: Template.fromStack(stacks.api),
  web: Template.fromStack(stacks.web),
  sync: Template.fromStack(stacks.sync),
};
const allStacks: Stack[] = Object.values(stacks);

/** What a value of `consumer`'s template stands for in the stack that produces it. */
function producerValue(consumer: Stack, reference: unknown): unknown {
  return resolveReference(allStacks, consumer, reference)?.value;
}

const blockAllPublicAccess = {
  BlockPublicAcls: true,
  BlockPublicPolicy: true,
  IgnorePublicAcls: true,
  RestrictPublicBuckets: true,
};
const s3ManagedEncryption = {
  ServerSideEncryptionConfiguration: [
    { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
  ],
};

describe('data stack', () => {
  it('keys the single table on PK/SK with its GSIs, on demand, with point-in-time recovery and a time to live', () => {
    // The local stack and the tests create their table from tableDefinition(): AWS must agree.
    const local = tableDefinition('ignored');
    templates.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    templates.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        KeySchema: local.KeySchema,
        AttributeDefinitions: Match.arrayWith(local.AttributeDefinitions ?? []),
        GlobalSecondaryIndexes: local.GlobalSecondaryIndexes,
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      },
    });
    const table = Object.values(templates.data.findResources('AWS::DynamoDB::Table'))[0];
    expect(table?.Properties.AttributeDefinitions).toHaveLength(
      local.AttributeDefinitions?.length ?? 0,
    );
  });

  it('keeps broker files private, encrypted, versioned and retained', () => {
    templates.data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        PublicAccessBlockConfiguration: blockAllPublicAccess,
        BucketEncryption: s3ManagedEncryption,
        VersioningConfiguration: { Status: 'Enabled' },
      },
    });
    templates.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });
});

describe('auth stack', () => {
  it('signs in by email, with self sign-up off and name and email attributes', () => {
    templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'email', Required: true }),
        Match.objectLike({ Name: 'name', Required: true }),
      ]),
    });
  });

  it('has the groups admin and trader', () => {
    const groups = Object.values(resourcesOfType(templates.auth, 'AWS::Cognito::UserPoolGroup'));
    expect(groups.map((group) => group.Properties.GroupName).sort()).toEqual(['admin', 'trader']);
  });

  it('gives the SPA a secretless client with password sign-in and refresh only', () => {
    templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });
});

describe('api stack', () => {
  // The route table's functions; the origin check of the public routes serves no route.
  const functions = Object.entries(resourcesOfType(templates.api, 'AWS::Lambda::Function')).filter(
    ([logicalId, fn]) =>
      fn.Properties.Runtime === 'nodejs22.x' && !logicalId.startsWith('OriginCheckFunction'),
  );

  it('has exactly one Node.js 22 function per resource of the route table, and the sync’s, programs’ and jobs’ workflow functions', () => {
    const logicalIds = functions.map(([logicalId]) => logicalId);
    expect(logicalIds).toHaveLength(resourcesOf(routes).length + 3);
    for (const resource of resourcesOf(routes)) {
      expect(logicalIds).toContainEqual(expect.stringMatching(`^${pascalCase(resource)}Function`));
    }
    expect(logicalIds).toContainEqual(expect.stringMatching('^SyncWorkflowFunction'));
    expect(logicalIds).toContainEqual(expect.stringMatching('^ProgramsWorkflowFunction'));
    expect(logicalIds).toContainEqual(expect.stringMatching('^JobsWorkflowFunction'));
  });

  const machines = () =>
    Object.entries(resourcesOfType(templates.api, 'AWS::StepFunctions::StateMachine'));
  const variablesOf = (prefix: string) =>
    (
      functions.find(([logicalId]) => logicalId.startsWith(prefix))?.[1].Properties.Environment as {
        Variables: Record<string, unknown>;
      }
    ).Variables;
  const startersOf = (machineId: string) =>
    Object.values(resourcesOfType(templates.api, 'AWS::IAM::Policy'))
      .filter((policy) => {
        const document = JSON.stringify(policy.Properties.PolicyDocument);
        return document.includes('states:StartExecution') && document.includes(machineId);
      })
      .map((policy) => JSON.stringify(policy.Properties.Roles));

  it('starts impact previews through a logged, traced one-step workflow that only the programs function may start', () => {
    expect(machines().map(([logicalId]) => logicalId)).toEqual([
      expect.stringMatching('^ProgramsJobWorkflow'),
      expect.stringMatching('^JobsWorkflow'),
    ]);
    const [machineId, machine] = machines()[0]!;
    expect(machine.Properties).toMatchObject({
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
    });
    expect(variablesOf('ProgramsFunction').IMPACT_PREVIEW_STATE_MACHINE_ARN).toEqual({
      Ref: machineId,
    });
    const starters = startersOf(machineId);
    expect(starters).toHaveLength(1);
    expect(starters[0]).toContain('ProgramsFunctionServiceRole');
  });

  it('runs background jobs through a logged, traced loop of steps that only the functions starting jobs may start', () => {
    const [machineId, machine] = machines()[1]!;
    expect(machine.Properties).toMatchObject({
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
    });
    // A loop: the step, then a choice that runs it again until the job has finished.
    const definition = JSON.stringify(machine.Properties.DefinitionString);
    expect(definition).toContain('Choice');
    expect(definition).toContain('$.finished');
    expect(definition).toContain('job-failed');
    const starters = startersOf(machineId);
    for (const resource of ['Programs', 'Accounts', 'Sync', 'Jobs']) {
      expect(variablesOf(`${resource}Function`).JOB_STATE_MACHINE_ARN).toEqual({ Ref: machineId });
      expect(starters.some((roles) => roles.includes(`${resource}FunctionServiceRole`))).toBe(true);
    }
    expect(starters).toHaveLength(4);
    expect(variablesOf('SummariesFunction').JOB_STATE_MACHINE_ARN).toBeUndefined();
  });

  it('gives every function the environment the handlers read', () => {
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({
        Architectures: ['arm64'],
        Environment: {
          Variables: {
            TABLE_NAME: expect.anything(),
            FILES_BUCKET: expect.anything(),
            USER_POOL_ID: expect.anything(),
            USER_POOL_CLIENT_ID: expect.anything(),
            POWERTOOLS_SERVICE_NAME: expect.stringMatching(/^deskline-/),
            POWERTOOLS_LOG_LEVEL: 'INFO',
          },
        },
      });
    }
  });

  it('has one route per route-table entry, with its route key', () => {
    const routeKeys = Object.values(resourcesOfType(templates.api, 'AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey,
    );
    expect(routeKeys.sort()).toEqual(routes.map((route) => routeKeyOf(route)).sort());
  });

  it.each(routes.map((route) => [routeKeyOf(route), route.access] as const))(
    '%s (%s) carries the JWT authorizer, or the origin check when it is public',
    (routeKey, access) => {
      templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey,
        AuthorizationType: access === 'public' ? 'CUSTOM' : 'JWT',
        AuthorizerId: Match.anyValue(),
      });
    },
  );

  it('trusts ID tokens of the user pool issued to the app client', () => {
    // The JWT authorizer; the other one is the public routes' origin check.
    const authorizers = Object.values(
      resourcesOfType(templates.api, 'AWS::ApiGatewayV2::Authorizer'),
    ).filter((authorizer) => authorizer.Properties.AuthorizerType !== 'REQUEST');
    expect(authorizers).toHaveLength(1);
    const { AuthorizerType, JwtConfiguration } = authorizers[0]!.Properties as {
      AuthorizerType: string;
      JwtConfiguration: { Issuer: { 'Fn::Join': [string, unknown[]] }; Audience: unknown[] };
    };
    expect(AuthorizerType).toBe('JWT');
    const [issuerPrefix, poolId] = JwtConfiguration.Issuer['Fn::Join'][1];
    expect(issuerPrefix).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    const poolLogicalId = logicalIdOf(templates.auth, 'AWS::Cognito::UserPool', {});
    const clientLogicalId = logicalIdOf(templates.auth, 'AWS::Cognito::UserPoolClient', {});
    expect(producerValue(stacks.api, poolId)).toEqual({ Ref: poolLogicalId });
    expect(
      JwtConfiguration.Audience.map((audience) => producerValue(stacks.api, audience)),
    ).toEqual([{ Ref: clientLogicalId }]);
  });

  it.each(resourcesOf(routes))(
    'grants the %s function only the access of its permissions entry',
    (resource) => {
      const actions = functionStatements(allStacks, stacks.api, resource).flatMap(
        (statement) => statement.Action,
      );

      const granted = resourceSettings[resource]!;
      const expectedTableActions = granted.table ? tableActions[granted.table] : [];
      // Distinct actions: a function limited to some items may hold one action in two statements
      // (the auth function's Query on the table and on GSI1).
      expect(
        [...new Set(actions.filter((action) => action.startsWith('dynamodb:')))].sort(),
      ).toEqual([...expectedTableActions].sort());
      if (!granted.filesBucket) {
        expect(actions.filter((action) => action.startsWith('s3:'))).toEqual([]);
      }
      expect(actions.filter((action) => action.startsWith('lambda:'))).toEqual([]);
    },
  );

  it.each(resourcesOf(routes))(
    'runs the %s function with its entry’s memory and timeout',
    (resource) => {
      const settings = resourceSettings[resource]!;
      const { properties } = functionOf(stacks.api, resource);

      expect(properties.MemorySize).toBe(settings.memorySize ?? functionDefaults.memorySize);
      expect(properties.Timeout).toBe((settings.timeout ?? functionDefaults.timeout).toSeconds());
    },
  );

  it('allows no dynamodb:Scan in any policy of any stack', () => {
    const actions = policyStatements(allStacks).flatMap((statement) => statement.Action);

    expect(actions.filter((action) => /^dynamodb:(Scan|\*)$/.test(action))).toEqual([]);
    // Inline role policies and custom resources' policies too.
    for (const template of Object.values(templates)) {
      expect(JSON.stringify(template.toJSON())).not.toMatch(/dynamodb:(Scan|\*)/);
    }
  });
});

describe('sync stack', () => {
  it('starts the sync workflow on its schedule, whose steps run the api stack’s sync workflow function, the api stack knowing nothing of it', () => {
    const schedule = Object.values(resourcesOfType(templates.sync, 'AWS::Scheduler::Schedule'))[0]!;
    const target = schedule.Properties.Target as { Arn: unknown };
    const machines = resourcesOfType(templates.sync, 'AWS::StepFunctions::StateMachine');
    const [machineId, machine] = Object.entries(machines)[0]!;

    expect(schedule.Properties).toMatchObject({
      ScheduleExpression: 'cron(30 16 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'America/Chicago',
    });
    expect(target.Arn).toEqual({ Ref: machineId });
    const definition = machine.Properties.DefinitionString as { 'Fn::Join': [string, unknown[]] };
    const references = definition['Fn::Join'][1].filter((part) => typeof part !== 'string');
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      expect(
        refersTo(allStacks, stacks.sync, reference, {
          stack: stacks.api,
          logicalId: functionOf(stacks.api, 'sync-workflow').logicalId,
          attribute: 'Arn',
        }),
      ).toBe(true);
    }
    expect(stacks.api.dependencies).not.toContain(stacks.sync);
  });
});

describe('web stack', () => {
  it('keeps the site bucket private and encrypted', () => {
    templates.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: blockAllPublicAccess,
      BucketEncryption: s3ManagedEncryption,
    });
  });

  it('reads the bucket through Origin Access Control', () => {
    templates.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
      },
    });
  });

  it('forwards /api/* uncached, with every method and all viewer headers but Host', () => {
    templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        // First the cached membership configuration (test/infra/edge-security.test.ts).
        CacheBehaviors: [
          Match.objectLike({ PathPattern: '/api/amember/config' }),
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            // AWS managed policies: CachingDisabled and AllViewerExceptHostHeader.
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
            ViewerProtocolPolicy: 'https-only',
          }),
          // Then the trader area's addresses (test/infra/frame-ancestors.test.ts).
          ...TRADER_AREA_PATH_PATTERNS.map((pattern) => Match.objectLike({ PathPattern: pattern })),
        ],
      },
    });
  });

  it('sends /api/* to the HTTP API of the api stack', () => {
    const distribution = Object.values(
      resourcesOfType(templates.web, 'AWS::CloudFront::Distribution'),
    )[0]!;
    const config = distribution.Properties.DistributionConfig as {
      CacheBehaviors: { TargetOriginId: string; PathPattern: string }[];
      Origins: { Id: string; DomainName: { 'Fn::Select': [number, { 'Fn::Split': unknown[] }] } }[];
    };
    const apiOrigin = config.Origins.find(
      (origin) =>
        origin.Id ===
        config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')!.TargetOriginId,
    )!;
    const endpoint = apiOrigin.DomainName['Fn::Select'][1]['Fn::Split'][1];
    const apiLogicalId = logicalIdOf(templates.api, 'AWS::ApiGatewayV2::Api', {});
    expect(producerValue(stacks.web, endpoint)).toEqual({
      'Fn::GetAtt': [apiLogicalId, 'ApiEndpoint'],
    });
  });

  it('falls back to index.html with a viewer-request function, not with error responses', () => {
    templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CustomErrorResponses: Match.absent(),
      },
    });
  });

  it('adds the security headers to the SPA and the API, letting only named sites frame it', () => {
    const policyLogicalId = logicalIdOf(templates.web, 'AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: Match.objectLike({ IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: Match.objectLike({ ReferrerPolicy: 'strict-origin-when-cross-origin' }),
          XSSProtection: Match.objectLike({ Protection: true, ModeBlock: true }),
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: contentSecurityPolicy({
              frameSources: ['https://members.example.com', 'https://tools.example.com'],
              frameAncestors: ['https://members.example.com'],
            }),
          }),
          FrameOptions: Match.absent(),
        },
      },
    });
    templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        DefaultCacheBehavior: Match.objectLike({
          ResponseHeadersPolicyId: { Ref: policyLogicalId },
        }),
        // The membership site is already a named ancestor here: the trader area shares the policy.
        CacheBehaviors: [
          Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyLogicalId } }),
          Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyLogicalId } }),
          ...TRADER_AREA_PATH_PATTERNS.map(() =>
            Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyLogicalId } }),
          ),
        ],
      },
    });
  });

  it('deploys hashed assets as immutable and the rest as revalidated, without pruning', () => {
    templates.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Prune: false,
    });
    templates.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: Match.absent(),
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
    });
  });
});
