import type { MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { INPUT_LIMITS } from '@shared/common/fields';
import { PayloadTooLargeError, ValidationError } from './errors';

type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
type BodyMiddleware = MiddlewareObj<HttpEvent, APIGatewayProxyStructuredResultV2, Error, Context>;

const PARSER_PACKAGE = '@middy/http-json-body-parser';

/** Keys that could reach an object's prototype if any code ever merged a body into an object. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function bodyError(message: string, field = 'body'): ValidationError {
  return new ValidationError(message, [{ field, message }]);
}

/**
 * The design card's JSON body parser. The content type is not checked (`disableContentTypeCheck`,
 * which the package implements but its typings omit): the API has always read a JSON body whatever
 * the client labelled it, and every route speaks JSON only.
 */
function jsonBodyParser(): BodyMiddleware {
  const options = { disableContentTypeCheck: true };
  return httpJsonBodyParser(options as Parameters<typeof httpJsonBodyParser>[0]) as BodyMiddleware;
}

/** The size cap, before anything reads the body; a missing body is `{}` where none is taken. */
function checkRawBody(event: HttpEvent, takesBody: boolean): void {
  if (event.body === undefined || event.body === null || event.body === '') {
    if (takesBody) throw bodyError('Request body must be a JSON object');
    event.body = '{}';
    event.isBase64Encoded = false;
    return;
  }
  const bytes = Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes > INPUT_LIMITS.bodyBytes) {
    throw new PayloadTooLargeError(
      `Request body too large: at most ${INPUT_LIMITS.bodyBytes / 1024} KB`,
    );
  }
}

/**
 * Request bodies, in one middleware of ours around the design card's JSON parser: the size cap
 * before the parser reads a byte (413), then the parser, then the refusal of prototype keys and of
 * anything but the JSON object the route takes (400 naming the field). The parser's own 415 for
 * malformed JSON becomes the product's 400 naming the body, and a missing body is a 400 on a route
 * that takes one (the parser would answer 415 to either). `takesBody` says whether the event's
 * route reads a body. The handler then finds `event.body` as the checked object.
 */
export function jsonBody(takesBody: (event: HttpEvent) => boolean): BodyMiddleware {
  const parser = jsonBodyParser();
  return {
    before: async (request) => {
      const routeTakesBody = takesBody(request.event);
      checkRawBody(request.event, routeTakesBody);
      try {
        await parser.before!(request);
      } catch (error) {
        const cause = (error as { cause?: { package?: unknown } } | undefined)?.cause;
        if (cause?.package === PARSER_PACKAGE) throw bodyError('Request body is not valid JSON');
        throw error;
      }
      checkJsonObject(request.event.body, routeTakesBody);
    },
  };
}

/**
 * The first prototype key in the order `JSON.parse`'s reviver meets keys (a nested key before the key
 * holding it). A loop, not recursion: a deeply nested body must not overflow the stack.
 */
function prototypeKeyIn(root: unknown): string | undefined {
  const stack: { entries: [string, unknown][]; next: number; key?: string }[] = [];
  const enter = (value: unknown) => {
    if (typeof value === 'object' && value !== null) {
      stack.push({ entries: Object.entries(value), next: 0 });
    }
  };
  enter(root);
  for (let frame = stack.at(-1); frame; frame = stack.at(-1)) {
    if (frame.key !== undefined && PROTOTYPE_KEYS.has(frame.key)) return frame.key;
    const entry = frame.entries[frame.next++];
    if (!entry) {
      stack.pop();
      continue;
    }
    frame.key = entry[0];
    enter(entry[1]);
  }
  return undefined;
}

/**
 * The parsed body as a JSON object: a route that takes a body gets exactly the object its schema
 * describes — not a string, `null`, an array — and no key that names a prototype, at any depth
 * (`JSON.parse` keeps `__proto__` as an own key, so a walk finds it). A route that takes no body
 * accepts nothing but `{}`, so a stray payload never goes unread.
 */
function checkJsonObject(value: unknown, takesBody: boolean): void {
  const prototypeKey = prototypeKeyIn(value);
  if (prototypeKey !== undefined) {
    throw bodyError(`Field "${prototypeKey}" is not allowed`, prototypeKey);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw bodyError('Request body must be a JSON object');
  }
  if (!takesBody && Object.keys(value).length > 0) {
    throw bodyError('This request takes no body');
  }
}
