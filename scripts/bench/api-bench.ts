import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { routeKeyOf } from '@shared/api/routes';
import { ensureTable } from '../local-stack/bootstrap';
import { startDynaliteProcess } from './server-process';
import type { Figures } from './types';

/*
 * What the API benches that call handlers in process share (accounts-measure.ts, traders-measure.ts):
 * a table of their own in a dynalite of its own, an admin's GET event, the call, and the raw query
 * every reference read is made of.
 */

export type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** An admin's `GET path` (with `query`), routed as `routePath` of the route table. */
export function getEvent(
  path: string,
  routePath: `/api/${string}`,
  pathParameters?: Record<string, string>,
  query?: Record<string, string>,
) {
  const routeKey = routeKeyOf({ method: 'GET', path: routePath });
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: query ? new URLSearchParams(query).toString() : '',
    ...(query && { queryStringParameters: query }),
    headers: {},
    pathParameters,
    requestContext: {
      http: {
        method: 'GET',
        path,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'bench',
      },
      routeKey,
      requestId: 'bench',
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: { sub: 'bench', 'cognito:groups': '[admin]' }, scopes: [] },
      },
    },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

const context = { awsRequestId: 'bench', functionName: 'bench' } as Context;

/** Calls the handler; answers its body, or throws unless it answered 200. */
export async function callRouteBody(
  handler: Handler,
  request: APIGatewayProxyEventV2WithJWTAuthorizer,
): Promise<string> {
  // A copy a call: the handler's middlewares write into the event they are given.
  const answer = await handler(structuredClone(request), context);
  if (answer.statusCode !== 200)
    throw new Error(`${request.rawPath} answered ${answer.statusCode}`);
  return answer.body ?? '';
}

/** Calls the handler; answers the body's length, or throws unless it answered 200. */
export async function callRoute(
  handler: Handler,
  request: APIGatewayProxyEventV2WithJWTAuthorizer,
) {
  return (await callRouteBody(handler, request)).length;
}

/** Every page of one query on the bench's table, items kept as the client gives them. */
export async function rawQuery(
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'TableName'>,
) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({ ...input, TableName: process.env.TABLE_NAME, ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/**
 * Starts a dynalite, points the process (its handlers and repositories) at a new `table` in it with
 * their logs silenced, runs `measure` with a plain document client on it, prints the figures it
 * answers as one JSON line and stops the dynalite; exits 1 on an error.
 */
/**
 * A dynalite of its own with `table` in it, and this process's environment pointed at it (the AWS
 * SDK's local credentials and endpoint, the table, the functions' logs silenced): what every bench
 * that runs the functions in process starts from. Stop it when done.
 */
export async function startBenchTable(
  table: string,
  { path }: { path?: string } = {},
): Promise<{
  endpoint: string;
  stop(): Promise<void>;
}> {
  const db = await startDynaliteProcess(path);
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    TABLE_NAME: table,
  });
  try {
    await ensureTable(new DynamoDBClient({ endpoint: db.endpoint }), table);
  } catch (error) {
    await db.stop();
    throw error;
  }
  return db;
}

export function runApiBench(
  table: string,
  measure: (client: DynamoDBDocumentClient) => Promise<Figures>,
  options: { path?: string } = {},
): void {
  const main = async () => {
    const db = await startBenchTable(table, options);
    try {
      const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: db.endpoint }));
      console.log(JSON.stringify(await measure(client)));
    } finally {
      await db.stop();
    }
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
