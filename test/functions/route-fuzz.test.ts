import { createHash } from 'node:crypto';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import * as z from 'zod';
import { routeSpecsOf } from '../../functions/lib/http-handler';
import { routeKeyOf, routes, type RouteDefinition } from '@shared/api/routes';
import { useFreshTable } from '../support/fresh-table';
import { claimsFor, httpEvent, type Role } from '../support/http-events';

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode?: number }>;

/** Strings a hostile caller sends where an id, a date, a name or a cursor belongs. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '00000101',
    '20230230',
    '99991231',
    '2026-02-01',
    '../../etc/passwd',
    '..%2F..%2F.data%2Fcognito',
    '%2e%2e%2f',
    '..\\..\\windows',
    'a/b',
    '\u0000',
    '\u001f\u007f',
    '__proto__',
    'constructor',
    '${jndi:ldap://x}',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '💥'.repeat(600),
    'x'.repeat(3_000),
    'y'.repeat(300_000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Any JSON value, nested a little, with hostile strings among the leaves. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.constantFrom(1e308, -1e308, 0.5, -0, Number.MAX_SAFE_INTEGER + 2),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Nested far past anything a form sends. */
const deepArray = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const deepObject = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;

/**
 * A body that no route may accept: not an object, not JSON, too large, too deep, with a prototype
 * key, or an object carrying a field no schema names (so it is refused whatever else it holds).
 */
function invalidBody(knownFields: string[]): fc.Arbitrary<string> {
  const withUnknownField = fc
    .record({
      known: fc.dictionary(
        knownFields.length ? fc.constantFrom(...knownFields) : hostileString,
        hostileJson,
        { maxKeys: 4 },
      ),
      unknown: fc.string({ minLength: 1, maxLength: 12 }).map((name) => `zz-${name}`),
      value: hostileJson,
    })
    .map(({ known, unknown, value }) => JSON.stringify({ ...known, [unknown]: value }));
  return fc.oneof(
    withUnknownField,
    hostileJson
      .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
      .map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '""',
      'null',
      '[]',
      '{',
      'not json',
      deepArray,
      deepObject,
      '{"__proto__": {"role": "admin"}}',
      '{"constructor": {"prototype": {"role": "admin"}}}',
      '{"a": {"__proto__": {"polluted": true}}}',
      JSON.stringify({ padding: 'p'.repeat(300 * 1024) }),
    ),
  );
}

/** The field names a schema declares, so the fuzz also sends wrong values under right names. */
function fieldNamesOf(schema: z.ZodType | undefined, io: 'input' | 'output'): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

const callersOf = (route: RouteDefinition): (Role | 'anonymous')[] =>
  route.access === 'public'
    ? ['anonymous']
    : route.access === 'admin'
      ? ['admin']
      : ['admin', 'trader'];

async function tableFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await new DynamoDBClient({}).send(
      new ScanCommand({
        TableName: process.env.TABLE_NAME,
        ExclusiveStartKey: ExclusiveStartKey as never,
      }),
    );
    for (const item of page.Items ?? []) hash.update(JSON.stringify(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return hash.digest('hex');
}

const cases = routes.flatMap((route) =>
  callersOf(route).map((caller) => [routeKeyOf(route), caller, route as RouteDefinition] as const),
);

/**
 * Every route of the table, called by every role it admits, with invalid path
 * parameters, queries and bodies. No answer is a 5xx, a write route refuses with a 4xx, and the table
 * is unchanged afterwards. Routes added to the table are fuzzed without anyone listing them here.
 */
describe('every route under hostile input', () => {
  useFreshTable();

  it.each(cases)('%s as %s', async (key, caller, route) => {
    const { handler } = (await import(`../../functions/${route.resource}/handler`)) as {
      handler: Handler;
    };
    const spec = routeSpecsOf(route.resource)?.[key];
    const paramNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    const queryNames = fieldNamesOf(spec?.query, 'output');
    const bodyNames = fieldNamesOf(spec?.body, 'input');
    const writes = route.method !== 'GET';
    const before = await tableFingerprint();

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          params: fc.record(Object.fromEntries(paramNames.map((name) => [name, hostileString]))),
          query: fc.dictionary(
            fc.oneof(
              ...[
                fc.string({ maxLength: 10 }),
                ...(queryNames.length ? [fc.constantFrom(...queryNames)] : []),
              ],
            ),
            hostileString,
            { maxKeys: 4 },
          ),
          body: writes ? invalidBody(bodyNames) : fc.constant(undefined),
        }),
        async ({ params, query, body }) => {
          const event = httpEvent(route, {
            pathParameters: params as Record<string, string>,
            query,
            ...(body !== undefined && { rawBody: body }),
            ...(caller !== 'anonymous' && { claims: claimsFor(caller) }),
          });
          const result = await handler(event, { awsRequestId: 'fuzz', functionName: 'fuzz' });
          const status = result.statusCode ?? 200;
          expect(status).toBeLessThan(500);
          if (writes) expect(status).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: 25 },
    );

    expect(await tableFingerprint()).toBe(before);
  });
});
