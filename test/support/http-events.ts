import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { routeKeyOf, type RouteDefinition } from '@shared/api/routes';

export type Role = 'admin' | 'trader';

/** The trader id and member id of the demo trader's claims (set by trader sign-in). */
export const DEMO_TRADER_CLAIMS = {
  'custom:traderId': 'TR000001',
  'custom:memberId': '1',
} as const;

/**
 * Claims as API Gateway's JWT authorizer hands them over: strings, arrays as "[a b]". A trader's
 * claims are the demo trader's (TR000001), as trader sign-in writes them.
 */
export function claimsFor(role: Role, sub = `${role}-user-id`): Record<string, string> {
  return {
    sub,
    email: `${role}@example.com`,
    'cognito:groups': `[${role}]`,
    token_use: 'id',
    ...(role === 'trader' && DEMO_TRADER_CLAIMS),
  };
}

export interface EventOptions {
  body?: unknown;
  rawBody?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  claims?: Record<string, string>;
}

/** A payload-2.0 event for one route of the table, as API Gateway (or the local emulator) builds it. */
export function httpEvent(
  route: Pick<RouteDefinition, 'method' | 'path'>,
  options: EventOptions = {},
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const body =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return {
    version: '2.0',
    routeKey: routeKeyOf(route),
    rawPath: route.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    queryStringParameters: options.query,
    pathParameters: options.pathParameters,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: route.path,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'jest',
      },
      requestId: 'test-request',
      routeKey: routeKeyOf(route),
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      authorizer: options.claims
        ? { principalId: '', integrationLatency: 0, jwt: { claims: options.claims, scopes: [] } }
        : undefined,
    },
    body,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export const testContext = { awsRequestId: 'test-request', functionName: 'test' } as Context;

type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Calls a resource handler and parses its JSON answer. */
export async function invoke(
  handler: Handler,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
): Promise<{ status: number; body: any }> {
  const result = await handler(event, testContext);
  return {
    status: result.statusCode ?? 200,
    body: result.body ? JSON.parse(result.body) : undefined,
  };
}

/**
 * Calls the named routes of one resource's handler, signed in with `claims` unless the options give
 * others: `routeCaller(handler, { list: { method: 'GET', path: '/api/firms' } }, claimsFor('admin'))`.
 */
export function routeCaller<Name extends string>(
  handler: Handler,
  table: Record<Name, Pick<RouteDefinition, 'method' | 'path'>>,
  claims?: Record<string, string>,
): (name: Name, options?: EventOptions) => Promise<{ status: number; body: any }> {
  return (name, options = {}) =>
    invoke(handler, httpEvent(table[name], { ...(claims && { claims }), ...options }));
}

/** Calls any route of one resource's handler: `const call = callerOf(handler); call(route, { claims })`. */
export function callerOf(
  handler: Handler,
): (
  route: Pick<RouteDefinition, 'method' | 'path'>,
  options?: EventOptions,
) => Promise<{ status: number; body: any }> {
  return (route, options = {}) => invoke(handler, httpEvent(route, options));
}
