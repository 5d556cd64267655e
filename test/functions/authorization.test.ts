import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { routes, type RouteDefinition } from '@shared/api/routes';
import { claimsFor, httpEvent, invoke, type Role } from '../support/http-events';
import { useFreshTable } from '../support/fresh-table';
import { runDispatchedJobsInProcess } from '../../functions/lib/jobs/job-runs';

// A route that starts a background job hands it over and answers 202; here the job is left queued.
beforeAll(() => runDispatchedJobsInProcess(() => Promise.resolve()));

type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

async function handlerOf(resource: string): Promise<Handler> {
  const module = (await import(`../../functions/${resource}/handler`)) as { handler: Handler };
  return module.handler;
}

function pathParametersOf(route: RouteDefinition): Record<string, string> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  return Object.fromEntries(names.map((name) => [name, 'TEST']));
}

const callers: (Role | 'anonymous')[] = ['anonymous', 'trader', 'admin'];
const cases = routes.flatMap((route) =>
  callers.map((caller) => [`${route.method} ${route.path}`, caller, route] as const),
);

/** Every route of the table × every role (DESIGN §3): the server, not the screen, enforces access. */
describe('route access', () => {
  useFreshTable();

  it.each(cases)('%s as %s follows the route table', async (_key, caller, route) => {
    const handler = await handlerOf(route.resource);
    const event = httpEvent(route, {
      pathParameters: pathParametersOf(route),
      ...(caller !== 'anonymous' && { claims: claimsFor(caller) }),
    });

    const { status } = await invoke(handler, event);

    const access = route.access as RouteDefinition['access'];
    if (access === 'public') {
      expect([401, 403]).not.toContain(status);
    } else if (caller === 'anonymous') {
      expect(status).toBe(401);
    } else if (access === 'admin' && caller === 'trader') {
      expect(status).toBe(403);
    } else {
      expect([401, 403]).not.toContain(status);
    }
    expect(status).toBeLessThan(500);
  });
});
