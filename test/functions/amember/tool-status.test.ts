import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handler as amember } from '../../../functions/amember/handler';
import { routes, type RouteDefinition } from '@shared/api/routes';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';

/*
 * A tool whose site refused the connection or answered 503 showed a grey broken frame
 * (the fallback came after a long hang). The tool page asks this route, which asks the tool's site.
 */
const status = routes.find(
  (entry) => entry.method === 'GET' && entry.path === '/api/amember/tools/{toolId}/status',
) as RouteDefinition;

const trader = claimsFor('trader', 'TR000001');
const ask = (toolId: string, claims: Record<string, string> | null = trader) =>
  invoke(amember, httpEvent(status, { ...(claims && { claims }), pathParameters: { toolId } }));

let down: Server;
let downUrl: string;
const toolsUrl = process.env.TOOLS_SITE_URL;

beforeAll(async () => {
  down = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('Service Unavailable');
  });
  await new Promise<void>((done) => down.listen(0, '127.0.0.1', () => done()));
  downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((done) => down.close(() => done()));
});
afterEach(() => {
  if (toolsUrl === undefined) delete process.env.TOOLS_SITE_URL;
  else process.env.TOOLS_SITE_URL = toolsUrl;
});

describe('GET /api/amember/tools/{toolId}/status', () => {
  it('says a tool the membership site serves is reachable', async () => {
    const answer = await ask('tradechat');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      toolId: 'tradechat',
      reachable: true,
      status: 200,
      reason: null,
    });
  });

  it('says a tool whose site answers 503 is down', async () => {
    process.env.TOOLS_SITE_URL = downUrl;
    const answer = await ask('spygate');
    expect(answer.body).toEqual({
      toolId: 'spygate',
      reachable: false,
      status: 503,
      reason: 'The tool answered 503',
    });
  });

  it('says a tool whose site refuses the connection is down, within seconds', async () => {
    process.env.TOOLS_SITE_URL = 'http://127.0.0.1:9';
    const started = Date.now();
    const answer = await ask('wrap');
    expect(answer.body).toMatchObject({ toolId: 'wrap', reachable: false, status: null });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('refuses an unknown tool (400 naming toolId) and an anonymous caller (401)', async () => {
    const unknown = await ask('http://evil.test');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('toolId');
    const anonymous = await ask('wrap', null);
    expect(anonymous.status).toBe(401);
  });
});
