import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { z } from 'zod';
import type { ErrorBody } from '../../shared/api/errors';
import { routes, routeKeyOf, type ResourceRouteKey, type Route } from '../../shared/api/routes';
import { callerFromEvent, type Caller } from './auth-context';
import {
  ForbiddenError,
  HttpError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from './errors';
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

/** A handler's answer with a status other than 200 (e.g. 201 Created, 202 Accepted). */
export class Reply {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
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

function errorResult(error: HttpError): HttpResult {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details && { details: error.details }),
    },
  };
  return json(error.statusCode, body);
}

function validationErrorOf(error: z.ZodError, location: string): ValidationError {
  const details = error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : location,
    message: issue.message,
  }));
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

function readJsonBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError('Request body is not valid JSON', [
      { field: 'body', message: 'Request body is not valid JSON' },
    ]);
  }
}

function authorize(definition: Route, caller: Caller | undefined): void {
  if (definition.access === 'public') return;
  if (!caller) throw new UnauthorizedError();
  if (definition.access === 'admin' && caller.role !== 'admin') {
    throw new ForbiddenError('This action requires a staff account');
  }
}

/**
 * Builds the Lambda handler of one API resource (DESIGN §4): a router on `event.routeKey` over the
 * resource's routes of the route table, the role check the table names, zod validation of path, query
 * and body, and one error shape. Handlers return data; the factory builds the HTTP answer.
 */
export function createHttpHandler<R extends Route['resource']>(
  resource: R,
  specs: { [K in ResourceRouteKey<R>]: AnyRouteSpec },
) {
  const table = new Map<string, { definition: Route; spec: AnyRouteSpec }>();
  for (const definition of routes.filter((entry) => entry.resource === resource)) {
    const key = routeKeyOf(definition);
    const spec = (specs as Record<string, AnyRouteSpec | undefined>)[key];
    if (!spec) throw new Error(`Resource ${resource} has no handler for ${key}`);
    table.set(key, { definition, spec });
  }

  const core = async (event: HttpEvent): Promise<HttpResult> => {
    const entry = table.get(event.routeKey);
    if (!entry) throw new NotFoundError(`No route for ${event.routeKey}`);
    const caller = callerFromEvent(event);
    authorize(entry.definition, caller);
    const { spec } = entry;
    const request = {
      params: parse(spec.params, event.pathParameters ?? {}, 'path'),
      query: parse(spec.query, event.queryStringParameters ?? {}, 'query'),
      // An absent body validates as `{}`, so the caller hears which fields are missing.
      body: parse(spec.body, spec.body ? (readJsonBody(event) ?? {}) : undefined, 'body'),
      caller,
      event,
    };
    const answer = await spec.handle(request);
    return answer instanceof Reply
      ? json(answer.statusCode, answer.body)
      : json(200, answer ?? null);
  };

  return middy<HttpEvent, HttpResult, Error, Context>()
    .use({
      before: (request) => {
        logger.appendKeys({
          routeKey: request.event.routeKey,
          requestId: request.context.awsRequestId,
        });
      },
      after: (request) => {
        logger.info('request handled', { statusCode: request.response?.statusCode });
      },
      onError: (request) => {
        const error = request.error;
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
    })
    .handler(core);
}
