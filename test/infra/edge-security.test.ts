import { Match, Template } from 'aws-cdk-lib/assertions';
import { routes } from '@shared/api/routes';
import {
  functionOf,
  functionStatements,
  logicalIdOf,
  resolveReference,
  resourcesOfType,
  testApp,
  testDeskline,
} from './support/cdk-test-app';

/*
 * Every public route shared one API Gateway throttle (5/s, burst 10) across all
 * callers, so one outsider flooding sign-in or refresh denied them to everyone, and the membership
 * configuration of every trader page load hit the same kind of limit. Now AWS WAF counts per client
 * address in front of CloudFront, the API answers its public routes only to CloudFront, and the
 * configuration is cached by CloudFront. Finding 4: the app client let users rewrite their email.
 * Finding 6: the internet-facing auth function could read and write every item of the table.
 */

function deskline(region: string) {
  const app = testApp();
  const stacks = testDeskline({ env: { region } }, app);
  return { app, stacks };
}

// The default region of bin/app.ts: the web stack holds the web ACL itself.
const home = deskline('us-east-1');
const web = Template.fromStack(home.stacks.web);
const api = Template.fromStack(home.stacks.api);
const auth = Template.fromStack(home.stacks.auth);

const signInPaths = routes
  .filter((route) => route.access === 'public' && route.method !== 'GET')
  .map((route) => route.path);

interface RuleJson {
  Name: string;
  Statement: {
    RateBasedStatement: {
      AggregateKeyType: string;
      Limit: number;
      EvaluationWindowSec: number;
      ScopeDownStatement: unknown;
    };
  };
  Action: { Block?: { CustomResponse?: { ResponseCode: number } } };
}

function webAcl(template: Template) {
  const acls = Object.values(resourcesOfType(template, 'AWS::WAFv2::WebACL'));
  expect(acls).toHaveLength(1);
  return acls[0]!.Properties as { Scope: string; DefaultAction: unknown; Rules: RuleJson[] };
}

/** The URI path prefixes a scope-down statement matches (one byte match, or an OR of them). */
function scopedPaths(statement: unknown): string[] {
  const node = statement as {
    OrStatement?: { Statements: unknown[] };
    ByteMatchStatement?: { SearchString: string; FieldToMatch: unknown };
  };
  if (node.OrStatement) return node.OrStatement.Statements.flatMap(scopedPaths);
  expect(node.ByteMatchStatement?.FieldToMatch).toEqual({ UriPath: {} });
  return [node.ByteMatchStatement!.SearchString];
}

function distributionConfig(template: Template) {
  const distribution = Object.values(
    resourcesOfType(template, 'AWS::CloudFront::Distribution'),
  )[0]!;
  return distribution.Properties.DistributionConfig as {
    WebACLId: unknown;
    CacheBehaviors: Array<{
      PathPattern: string;
      TargetOriginId: string;
      CachePolicyId: unknown;
      OriginRequestPolicyId?: unknown;
      AllowedMethods: string[];
    }>;
    Origins: Array<{
      Id: string;
      OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }>;
    }>;
  };
}

describe('per-address rate limits (AWS WAF on CloudFront)', () => {
  it('limits sign-in, trader sign-in, refresh and logout per client address, tightly', () => {
    const acl = webAcl(web);
    const rule = acl.Rules.find((entry) =>
      scopedPaths(entry.Statement.RateBasedStatement.ScopeDownStatement).includes(
        '/api/auth/admin',
      ),
    )!;

    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    expect(rule.Statement.RateBasedStatement.AggregateKeyType).toBe('IP');
    expect(scopedPaths(rule.Statement.RateBasedStatement.ScopeDownStatement).sort()).toEqual(
      [...signInPaths].sort(),
    );
    expect(signInPaths).toEqual(
      expect.arrayContaining([
        '/api/auth/admin',
        '/api/auth/trader',
        '/api/auth/refresh',
        '/api/auth/logout',
      ]),
    );
    expect(rule.Action.Block?.CustomResponse?.ResponseCode).toBe(429);
  });

  it('limits all of /api per client address, more loosely', () => {
    const rules = webAcl(web).Rules;
    const signIn = rules.find((entry) =>
      scopedPaths(entry.Statement.RateBasedStatement.ScopeDownStatement).includes(
        '/api/auth/admin',
      ),
    )!;
    const wholeApi = rules.find((entry) =>
      isEqualList(scopedPaths(entry.Statement.RateBasedStatement.ScopeDownStatement), ['/api/']),
    )!;
    const perSecond = (rule: RuleJson) =>
      rule.Statement.RateBasedStatement.Limit /
      rule.Statement.RateBasedStatement.EvaluationWindowSec;

    expect(wholeApi.Statement.RateBasedStatement.AggregateKeyType).toBe('IP');
    expect(perSecond(wholeApi)).toBeGreaterThan(perSecond(signIn));
    expect(wholeApi.Action.Block?.CustomResponse?.ResponseCode).toBe(429);
  });

  it('applies the web ACL to the distribution', () => {
    const aclId = logicalIdOf(web, 'AWS::WAFv2::WebACL');

    expect(distributionConfig(web).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('leaves no API Gateway throttle per route, which all callers would share', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      RouteSettings: Match.absent(),
    });
  });

  it('outside us-east-1, holds the web ACL in a us-east-1 edge stack the distribution refers to', () => {
    const { stacks } = deskline('eu-west-1');
    const edge = stacks.edge!;
    const edgeTemplate = Template.fromStack(edge);
    const config = distributionConfig(Template.fromStack(stacks.web));

    expect(edge.region).toBe('us-east-1');
    expect(webAcl(edgeTemplate).Scope).toBe('CLOUDFRONT');
    Template.fromStack(stacks.web).resourceCountIs('AWS::WAFv2::WebACL', 0);
    // A cross-region reference: the web stack reads the ARN of the edge stack's web ACL.
    expect(resolveReference(Object.values(stacks), stacks.web, config.WebACLId)).toEqual({
      stack: edge,
      value: { 'Fn::GetAtt': [logicalIdOf(edgeTemplate, 'AWS::WAFv2::WebACL'), 'Arn'] },
    });
    expect(home.stacks.edge).toBeUndefined();
  });
});

describe('the API only through CloudFront', () => {
  const originHeader = 'x-deskline-origin-verify';

  it('gates every public route with the origin check, whose identity is the origin header', () => {
    const authorizerId = logicalIdOf(api, 'AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
    });
    const publicRoutes = routes.filter((route) => route.access === 'public');
    const gated = Object.values(resourcesOfType(api, 'AWS::ApiGatewayV2::Route')).filter(
      (route) =>
        JSON.stringify(route.Properties.AuthorizerId) === JSON.stringify({ Ref: authorizerId }),
    );

    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: [`$request.header.${originHeader}`],
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: 300,
    });
    expect(gated.map((route) => route.Properties.RouteKey).sort()).toEqual(
      publicRoutes.map((route) => `${route.method} ${route.path}`).sort(),
    );
    api.resourcePropertiesCountIs('AWS::ApiGatewayV2::Route', { AuthorizationType: 'NONE' }, 0);
  });

  it('has CloudFront send the secret the origin check compares with, never written in a template', () => {
    const secretId = logicalIdOf(api, 'AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
    const check = functionOf(home.stacks.api, 'origin-check');
    const config = distributionConfig(web);
    const apiBehavior = config.CacheBehaviors.find((entry) => entry.PathPattern === '/api/*')!;
    const apiOrigin = config.Origins.find((origin) => origin.Id === apiBehavior.TargetOriginId)!;
    const header = apiOrigin.OriginCustomHeaders?.find(
      (entry) => entry.HeaderName === originHeader,
    );
    const checkSecret = (check.properties.Environment as { Variables: Record<string, unknown> })
      .Variables.ORIGIN_VERIFY_SECRET;
    const allStacks = Object.values(home.stacks);
    // The dynamic reference `{{resolve:secretsmanager:<secret>:SecretString:::}}` in each.
    const secretOf = (value: unknown, consumer: (typeof allStacks)[number]) => {
      const parts = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      expect(parts[0]).toBe('{{resolve:secretsmanager:');
      expect(parts[2]).toBe(':SecretString:::}}');
      return resolveReference(allStacks, consumer, parts[1]);
    };

    expect(secretOf(header?.HeaderValue, home.stacks.web)).toEqual({
      stack: home.stacks.api,
      value: { Ref: secretId },
    });
    expect(secretOf(checkSecret, home.stacks.api)).toEqual({
      stack: home.stacks.api,
      value: { Ref: secretId },
    });
  });
});

describe('the membership configuration', () => {
  it('is cached by CloudFront, ahead of the uncached /api/*, for every caller alike', () => {
    const behaviors = distributionConfig(web).CacheBehaviors;
    const config = behaviors.findIndex((entry) => entry.PathPattern === '/api/amember/config');
    const rest = behaviors.findIndex((entry) => entry.PathPattern === '/api/*');
    const policyId = logicalIdOf(web, 'AWS::CloudFront::CachePolicy');

    expect(config).toBeGreaterThanOrEqual(0);
    expect(config).toBeLessThan(rest);
    expect(behaviors[config]!.CachePolicyId).toEqual({ Ref: policyId });
    expect(behaviors[config]!.OriginRequestPolicyId).toBeUndefined();
    expect(behaviors[config]!.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(behaviors[config]!.TargetOriginId).toBe(behaviors[rest]!.TargetOriginId);
    web.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: {
        // The function answers `no-store`: only a minimum TTL makes CloudFront keep it.
        MinTTL: Match.anyValue(),
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'none' },
          CookiesConfig: { CookieBehavior: 'none' },
          QueryStringsConfig: { QueryStringBehavior: 'none' },
        }),
      },
    });
    const policy = Object.values(resourcesOfType(web, 'AWS::CloudFront::CachePolicy'))[0]!;
    const ttl = policy.Properties.CachePolicyConfig as { MinTTL: number; MaxTTL: number };
    expect(ttl.MinTTL).toBeGreaterThanOrEqual(30);
    expect(ttl.MaxTTL).toBeLessThanOrEqual(600);
  });
});

describe('the app client', () => {
  it('lets users write their name and no other attribute (no email, no custom:traderId)', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      WriteAttributes: ['name'],
    });
  });
});

describe("the auth function's table access", () => {
  it('reaches only the sign-in attempts, leases, unlock records and trader records, and the locked logins on GSI1', () => {
    const statements = functionStatements(
      Object.values(home.stacks),
      home.stacks.api,
      'auth',
    ).filter((statement) => statement.Action.some((action) => action.startsWith('dynamodb:')));
    const leadingKeys = (statement: (typeof statements)[number]) =>
      (
        statement.Condition as { 'ForAllValues:StringLike'?: Record<string, string[]> } | undefined
      )?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
    const writes = statements.filter((statement) =>
      statement.Action.some((action) => /Put|Update|Delete|Write/.test(action)),
    );

    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(leadingKeys(statement)).toBeDefined();
    expect(statements.flatMap((statement) => leadingKeys(statement) ?? []).sort()).toEqual(
      expect.arrayContaining(['LOGIN#*', 'TRADER#*']),
    );
    expect(writes.flatMap((statement) => leadingKeys(statement) ?? [])).toEqual([
      'LOGIN#*',
      'SIGNIN#*',
      'LOGINLOCKCLEARS',
    ]);
    // One index: GSI1, queried (no write) only on the locked logins' partition.
    const onIndex = statements.filter((statement) =>
      JSON.stringify(statement.Resource).includes('/index/'),
    );
    expect(onIndex).toHaveLength(1);
    expect(JSON.stringify(onIndex[0]!.Resource)).toMatch(/\/index\/GSI1"/);
    expect(onIndex[0]!.Action).toEqual(['dynamodb:Query']);
    expect(leadingKeys(onIndex[0]!)).toEqual(['LOGINLOCKS']);
  });
});

function isEqualList(a: string[], b: string[]) {
  return JSON.stringify(a) === JSON.stringify(b);
}
