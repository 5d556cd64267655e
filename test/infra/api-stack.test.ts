import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ApiStack, apiThrottle } from '../../infra/api-stack';
import { AuthStack } from '../../infra/auth-stack';
import { DataStack } from '../../infra/data-stack';
import { functionDefaults } from '../../infra/constructs/deskline-function';
import type { ResourceSettings } from '../../infra/resource-permissions';
import type { RouteDefinition } from '@shared/api/routes';
import { fixturesDir, testApp } from './support/cdk-test-app';

const healthRoute: RouteDefinition = {
  method: 'GET',
  path: '/api/health',
  resource: 'health',
  access: 'public',
};
const reportsRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/reports', resource: 'reports', access: 'admin' },
  { method: 'GET', path: '/api/reports/{day}', resource: 'reports', access: 'trader-self' },
];

/** An api stack over a route table of our own, served by the fixture handlers. */
function apiStackFor(
  routes: RouteDefinition[],
  settings: Record<string, ResourceSettings> = { health: {}, reports: { table: 'read' } },
) {
  const app = testApp();
  const data = new DataStack(app, 'Data');
  const auth = new AuthStack(app, 'Auth');
  return new ApiStack(app, 'Api', {
    routes,
    table: data.table,
    filesBucket: data.filesBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    settings,
    functionsDir: path.join(fixturesDir, 'functions'),
  });
}

describe('api stack built from a route table', () => {
  // The HTTP API once had no throttling at all; later the public routes' own
  // throttle was shared by every caller, so per-address limits (AWS WAF) replace it.
  it('throttles the whole stage, and no route on its own', () => {
    const template = Template.fromStack(apiStackFor([healthRoute, ...reportsRoutes]));

    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: apiThrottle.rateLimit,
        ThrottlingBurstLimit: apiThrottle.burstLimit,
      },
      RouteSettings: Match.absent(),
    });
  });

  it('adds a function and its routes when the table gains a resource', () => {
    const before = Template.fromStack(apiStackFor([healthRoute]));
    const after = Template.fromStack(apiStackFor([healthRoute, ...reportsRoutes]));

    // One function per resource, and the origin check of the public routes.
    before.resourceCountIs('AWS::Lambda::Function', 2);
    after.resourceCountIs('AWS::Lambda::Function', 3);
    after.resourceCountIs('AWS::ApiGatewayV2::Route', 3);
    after.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { POWERTOOLS_SERVICE_NAME: 'deskline-reports' } },
    });
  });

  it('runs a resource whose entry gives only permissions with the default memory and timeout', () => {
    const template = Template.fromStack(apiStackFor([healthRoute, ...reportsRoutes]));

    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { POWERTOOLS_SERVICE_NAME: 'deskline-reports' } },
      MemorySize: functionDefaults.memorySize,
      Timeout: functionDefaults.timeout.toSeconds(),
      FunctionName: Match.absent(),
    });
  });

  it('refuses a resource that has no permissions entry', () => {
    expect(() => apiStackFor([healthRoute, ...reportsRoutes], { health: {} })).toThrow(
      /Resource "reports" has no entry in infra\/resource-permissions.ts/,
    );
  });
});
