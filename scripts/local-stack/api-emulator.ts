import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { ErrorBody, ErrorCode } from '@shared/api/errors';
import { routes, routeKeyOf, type RouteDefinition } from '@shared/api/routes';

type LambdaHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface ApiEmulatorOptions {
  /** `iss` of the pool's tokens. */
  issuer: string;
  /** The app client id: the ID token's `aud`, or the access token's `client_id`. */
  clientId: string;
  /** Where the pool publishes its signing keys. */
  jwksUrl: string;
  /** Loads `functions/<resource>/handler.ts`. */
  loadHandler(resource: string): Promise<LambdaHandler>;
  routeTable?: readonly RouteDefinition[];
}

/** API Gateway's HTTP API refuses larger payloads with 413 before any Lambda runs. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Lambda refuses a synchronous answer over 6 MB (the serialized result: status, headers and body) and
 * the invocation fails, which API Gateway's HTTP API answers with a 500: the emulator does the same,
 * so a test or bench meets the limit where AWS would.
 */
export const MAX_RESPONSE_BYTES = 6 * 1024 * 1024;

class BodyTooLargeError extends Error {}

interface CompiledRoute {
  definition: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

function compile(definition: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  const source = definition.path
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)\}$/.exec(segment);
      if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(match[1] as string);
      return '([^/]+)';
    })
    .join('/');
  return { definition, pattern: new RegExp(`^${source}/?$`), names };
}

/**
 * API Gateway picks the most specific route: at the first segment where two paths differ, a literal
 * beats a `{parameter}`, so `/api/programs/rules` wins over `/api/programs/{prefix}`.
 */
function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const left = a.definition.path.split('/');
  const right = b.definition.path.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const leftParam = left[index]?.startsWith('{') ?? false;
    const rightParam = right[index]?.startsWith('{') ?? false;
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
  }
  return 0;
}

function sendJson(res: ServerResponse, statusCode: number, body: unknown): void {
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  statusCode: number,
  code: ErrorCode,
  message: string,
): void {
  const body: ErrorBody = { error: { code, message } };
  sendJson(res, statusCode, body);
}

/** API Gateway hands every claim to Lambda as a string, arrays as "[a b]". */
function claimsAsApiGateway(payload: JWTPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    claims[name] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return claims;
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
}

/**
 * Refuses an oversized body and closes the connection cleanly once the answer is out: the unread
 * rest of the body would otherwise be parsed as the next request of a kept-alive connection.
 */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('connection', 'close');
  res.on('finish', () => req.destroy());
  sendError(res, 413, 'PAYLOAD_TOO_LARGE', 'Request Entity Too Large');
}

/** Path parameters as API Gateway passes them (decoded); `undefined` for a malformed escape. */
function decodeParams(names: string[], found: RegExpExecArray): Record<string, string> | undefined {
  try {
    return Object.fromEntries(
      names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]),
    );
  } catch {
    return undefined;
  }
}

function lambdaContext(functionName: string, requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * Stands in for API Gateway's HTTP API: matches the route table, verifies the Cognito JWT of non-public
 * routes as the JWT authorizer does, builds a payload-2.0 event and calls the real handler module.
 */
export function createApiEmulator(options: ApiEmulatorOptions) {
  const compiled = (options.routeTable ?? routes).map(compile).sort(bySpecificity);
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));

  async function verify(authorization: string | undefined): Promise<JWTPayload | undefined> {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return undefined;
    try {
      // Cognito signs with RS256 only: `none`, or HS256 keyed with the public key, never verifies.
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        algorithms: ['RS256'],
      });
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      const forClient =
        audience.includes(options.clientId) || payload.client_id === options.clientId;
      return forClient ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  /** Finds the route and its path parameters; `malformed` when a parameter cannot be decoded. */
  function match(method: string, pathname: string) {
    for (const candidate of compiled) {
      if (candidate.definition.method !== method) continue;
      const found = candidate.pattern.exec(pathname);
      if (!found) continue;
      const params = decodeParams(candidate.names, found);
      return params ? { route: candidate, params } : ('malformed' as const);
    }
    return undefined;
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return sendError(res, 400, 'VALIDATION_ERROR', 'Malformed request path');
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const matched = match(method, url.pathname);
    if (matched === 'malformed') {
      return sendError(res, 400, 'VALIDATION_ERROR', 'Malformed request path');
    }
    if (!matched) return sendError(res, 404, 'NOT_FOUND', `No route for ${method} ${url.pathname}`);
    const { route: compiledRoute, params } = matched;
    const { definition } = compiledRoute;

    let claims: Record<string, string> | undefined;
    if (definition.access !== 'public') {
      const payload = await verify(req.headers.authorization);
      if (!payload) return sendError(res, 401, 'UNAUTHORIZED', 'Unauthorized');
      claims = claimsAsApiGateway(payload);
    }

    let body: string | undefined;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuseTooLarge(req, res);
      throw error;
    }

    const requestId = randomUUID();
    const routeKey = routeKeyOf(definition);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(',') : (value ?? ''),
      ]),
    );
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams)
      query[name] = name in query ? `${query[name]},${value}` : value;
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      ...(Object.keys(query).length && { queryStringParameters: query }),
      ...(compiledRoute.names.length && { pathParameters: params }),
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        ...(claims && {
          authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } },
        }),
      },
      ...(body !== undefined && { body }),
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

    const handler = await options.loadHandler(definition.resource);
    const result = await handler(
      event,
      lambdaContext(`deskline-${definition.resource}`, requestId),
    );
    const payloadBytes = Buffer.byteLength(JSON.stringify(result ?? null), 'utf8');
    if (payloadBytes > MAX_RESPONSE_BYTES) {
      console.error(
        `[api] ${method} ${url.pathname}: the handler answered ${payloadBytes} bytes, over Lambda's ` +
          `${MAX_RESPONSE_BYTES}-byte response limit; API Gateway would answer 500`,
      );
      return sendError(res, 500, 'INTERNAL_ERROR', 'An internal error occurred');
    }
    res.writeHead(result.statusCode ?? 200, {
      'content-type': 'application/json',
      ...(result.headers as Record<string, string> | undefined),
    });
    res.end(result.body ?? '');
  }

  /** One request; whatever fails answers the standard 500 and the emulator keeps serving. */
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await dispatch(req, res);
    } catch (error) {
      console.error(`[api] ${req.method ?? ''} ${req.url ?? ''} failed`, error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendError(res, 500, 'INTERNAL_ERROR', 'An internal error occurred');
    }
  };
}
