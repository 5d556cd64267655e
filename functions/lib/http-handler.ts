import middy, { type MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import * as z from 'zod';
import type { ErrorBody } from '@shared/api/errors';
import { routeKeyOf, type RouteDefinition, type RouteKeyOf } from '@shared/api/route-definition';
import { callerFromEvent, type Caller } from './auth-context';
import {
  ForbiddenError,
  HttpError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { jsonBody } from './http-body';
import { logger } from './logger';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteRequest<B, P, Q> {
  body: B;
  params: P;
  query: Q;
  /** Present on every non-public route (the factory refuses the call otherwise). */
  caller: Caller | undefined;
  event: HttpEvent;
}

export interface RouteSpec<BS, PS, QS> {
  body?: BS;
  params?: PS;
  query?: QS;
  handle(request: RouteRequest<Output<BS>, Output<PS>, Output<QS>>): Promise<unknown>;
}

/** Declares one route's schemas and handler, inferring the request types from the schemas. */
export function route<
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<BS, PS, QS>): RouteSpec<BS, PS, QS> {
  return spec;
}

/**
 * A handler's answer with a status other than 200 (e.g. 201 Created, 202 Accepted), or with headers of
 * its own (a download's `content-disposition`).
 */
export class Reply {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own inferred types
type AnyRouteSpec = RouteSpec<any, any, any>;

function json(statusCode: number, body: unknown): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

function validationErrorOf(error: z.ZodError, location: string): ValidationError {
  const fieldOf = (path: PropertyKey[]) => (path.length ? path.join('.') : location);
  // An unknown field is named as a field of its own, so the caller sees which one to drop.
  const details = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          field: fieldOf([...issue.path, key]),
          message: `Unknown field "${key}"`,
        }))
      : [{ field: fieldOf(issue.path), message: issue.message }],
  );
  const message = [...new Set(details.map((detail) => detail.message))].join('; ');
  return new ValidationError(message, details);
}

function parse<S extends z.ZodType | undefined>(
  schema: S,
  value: unknown,
  location: string,
): Output<S> {
  if (!schema) return undefined as Output<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw validationErrorOf(result.error, location);
  return result.data as Output<S>;
}

function authorize(definition: RouteDefinition, caller: Caller | undefined): void {
  if (definition.access === 'public') return;
  if (!caller) throw new UnauthorizedError();
  if (definition.access === 'admin' && caller.role !== 'admin') {
    throw new ForbiddenError('This action requires a staff account');
  }
}

/**
 * Builds the Lambda handler of one API resource (DESIGN §4) from that resource's routes of the route
 * table (`shared/api/routes/<resource>.ts`, so the bundle carries no other resource's): a router on
 * `event.routeKey`, the role check the table names, zod validation of path, query and body, and one
 * error shape. Handlers return data; the factory builds the HTTP answer.
 */
export function createHttpHandler<T extends readonly RouteDefinition[]>(
  resourceRoutes: T,
  specs: { [K in RouteKeyOf<T[number]>]: AnyRouteSpec },
) {
  const resources = new Set(resourceRoutes.map((definition) => definition.resource));
  const [resource] = resources;
  if (resource === undefined || resources.size > 1) {
    throw new Error(`A handler serves one resource's routes, not ${[...resources].join(', ')}`);
  }
  const table = new Map<string, { definition: RouteDefinition; spec: AnyRouteSpec }>();
  for (const definition of resourceRoutes) {
    const key = routeKeyOf(definition);
    const spec = (specs as Record<string, AnyRouteSpec | undefined>)[key];
    if (!spec) throw new Error(`Resource ${resource} has no handler for ${key}`);
    table.set(key, { definition, spec });
  }

  const core = async (event: HttpEvent): Promise<HttpResult> => {
    const { spec, caller, params, query } = admittedRequestOf(event);
    const answer = await spec.handle({
      params,
      query,
      // jsonBody left the parsed, checked JSON object in place of the text.
      body: parse(spec.body, event.body as unknown, 'body'),
      caller,
      event,
    });
    if (!(answer instanceof Reply)) return json(200, answer ?? null);
    const result = json(answer.statusCode, answer.body);
    return { ...result, headers: { ...result.headers, ...answer.headers } };
  };

  // Who may call, and with which path and query, is answered before the body is read: a caller
  // without a sign-in gets 401 whatever body they sent.
  const handler = middy<HttpEvent, HttpResult, Error, Context>()
    .use(requestLogging())
    .use(httpErrors())
    .use(routeAdmission(table))
    .use(jsonBody((event) => admittedRequestOf(event).spec.body !== undefined))
    .handler(core);
  registeredSpecs.set(resource, specs as Readonly<Record<string, AnyRouteSpec>>);
  return handler;
}

interface AdmittedRequest {
  spec: AnyRouteSpec;
  caller: Caller | undefined;
  params: unknown;
  query: unknown;
}

/** What {@link routeAdmission} found for each event it let through, for the steps after it. */
const admitted = new WeakMap<HttpEvent, AdmittedRequest>();

function admittedRequestOf(event: HttpEvent): AdmittedRequest {
  const request = admitted.get(event);
  if (!request) throw new Error('The request was not admitted by routeAdmission');
  return request;
}

/**
 * The route of the table for `event.routeKey` (404 without one), the role check it names (401/403),
 * and the zod validation of its path and query parameters (400).
 */
function routeAdmission(
  table: ReadonlyMap<string, { definition: RouteDefinition; spec: AnyRouteSpec }>,
): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    before: ({ event }) => {
      const entry = table.get(event.routeKey);
      if (!entry) throw new NotFoundError(`No route for ${event.routeKey}`);
      const caller = callerFromEvent(event);
      authorize(entry.definition, caller);
      const { spec } = entry;
      admitted.set(event, {
        spec,
        caller,
        params: parse(spec.params, event.pathParameters ?? {}, 'path'),
        query: parse(spec.query, event.queryStringParameters ?? {}, 'query'),
      });
    },
  };
}

/** Logs each request with its route key and request id, and how it was answered. */
function requestLogging(): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    before: (request) => {
      logger.appendKeys({
        routeKey: request.event.routeKey,
        requestId: request.context.awsRequestId,
      });
    },
    after: (request) => {
      logger.info('request handled', { statusCode: request.response?.statusCode });
    },
  };
}

/**
 * The one error middleware: an {@link HttpError} becomes its status and the error body (`code`,
 * `message`, `details` naming each field); anything else is logged and answered 500 without a detail.
 */
function httpErrors(): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    onError: (request) => {
      const { error } = request;
      if (error instanceof HttpError) {
        logger.info('request refused', { statusCode: error.statusCode, code: error.code });
        request.response = errorResult(error);
      } else {
        logger.error('request failed', error as Error);
        request.response = errorResult(
          new HttpError(500, 'INTERNAL_ERROR', 'An internal error occurred'),
        );
      }
    },
  };
}

function errorResult(error: HttpError): HttpResult {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details && { details: error.details }),
    },
  };
  const result = json(error.statusCode, body);
  if (error instanceof TooManyRequestsError) {
    result.headers = { ...result.headers, 'retry-after': String(error.retryAfterSeconds) };
  }
  return result;
}

/** Every resource's route specs, as its handler module declared them. */
const registeredSpecs = new Map<string, Readonly<Record<string, AnyRouteSpec>>>();

/**
 * The schemas of each route of a resource whose handler module is loaded: for the tests that hold
 * every route of the table to the input bounds.
 */
export function routeSpecsOf(resource: string): Readonly<Record<string, AnyRouteSpec>> | undefined {
  return registeredSpecs.get(resource);
}
