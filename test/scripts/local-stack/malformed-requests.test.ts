import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import {
  demoMembers,
  MEMBERSHIP_SESSION_COOKIE,
  startMembershipServer,
  type MembershipServer,
} from '../../../scripts/local-stack/membership-server';
import { useEmulatorServer } from '../../support/emulator-server';

/*
 * `GET /%ZZ` threw out of the static server and ended `npm start -- --web dist`.
 * Every server of the local stack gets the same malformed requests, sent as raw bytes (no client
 * tidies them up); each must be answered with a 4xx, and the server must still answer afterwards.
 */

const repo = resolve(__dirname, '../../..');
const SIBLING_SECRET = 'a file beside the built SPA';

/** One raw HTTP/1.1 exchange: the answer's status, or 0 when the connection died without one. */
function rawRequest(base: string, head: string, body = ''): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((done) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => done(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.write(`${head}\r\nHost: ${hostname}\r\nConnection: close\r\n`);
    socket.write(body ? `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}` : '\r\n');
  });
}

const get = (path: string, headers = '') => `GET ${path} HTTP/1.1${headers}`;

/** Paths no browser sends: malformed escapes, traversals, NUL, the authority form, oversized. */
const malformedPaths = [
  '/%ZZ',
  '/%',
  '/%E0%A4%A',
  '/%C0%AF',
  '/%00',
  '/assets/%ZZ.js',
  '//',
  '//%ZZ',
  '/..%2F..%2F..%2Fetc%2Fpasswd',
  '/?q=%ZZ',
  'http://evil.example/%ZZ',
  `/${'a'.repeat(20_000)}`,
];

/** Requests malformed beyond the path: a huge header, a malformed cookie, a bad method. */
const malformedHeads = [
  get('/', `\r\nX-Big: ${'b'.repeat(40_000)}`),
  get('/', `\r\nCookie: ${MEMBERSHIP_SESSION_COOKIE}=%ZZ; other=%E0%A4`),
  'OPTIONS * HTTP/1.1',
  'BREW / HTTP/1.1',
];

function expectAllRefused(statuses: number[], requests: string[]) {
  // Each one answered (not a dropped connection) and not a server error.
  requests.forEach((request, index) => {
    const status = statuses[index] ?? 0;
    expect([request.slice(0, 60), status >= 200 && status < 500]).toEqual([
      request.slice(0, 60),
      true,
    ]);
  });
}

async function probe(base: string, extra: Array<[string, string]> = []) {
  const requests: Array<[string, string]> = [
    ...malformedPaths.map((path): [string, string] => [get(path), '']),
    ...malformedHeads.map((head): [string, string] => [head, '']),
    ...extra,
  ];
  const statuses: number[] = [];
  for (const [head, body] of requests) statuses.push(await rawRequest(base, head, body));
  return { statuses, requests: requests.map(([head]) => head) };
}

describe("the local stack's built-SPA server (npm start -- --web dist)", () => {
  let child: ChildProcess;
  let dist: string;
  let base: string;
  let exited: number | null | undefined;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'deskline-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'export {};');
    // A sibling folder whose name starts like the served one: never served.
    mkdirSync(`${dist}-old`);
    writeFileSync(join(`${dist}-old`, 'secret.txt'), SIBLING_SECRET);
    child = spawn(
      join(repo, 'node_modules/.bin/tsx'),
      ['test/scripts/local-stack/support/start-static-spa.ts', dist],
      { cwd: repo, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    child.once('exit', (code) => {
      exited = code;
    });
    const port = await new Promise<string>((found, failed) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /PORT (\d+)/.exec(output);
        if (match) found(match[1] as string);
      });
      child.once('exit', (code) => failed(new Error(`the server exited with ${code}`)));
    });
    base = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    if (exited === undefined) {
      const done = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.stdin?.end();
      await done;
    }
    rmSync(dist, { recursive: true, force: true });
    rmSync(`${dist}-old`, { recursive: true, force: true });
  }, 30_000);

  it('answers every malformed request with a 4xx and keeps serving', async () => {
    const { statuses, requests } = await probe(base);
    const page = await fetch(`${base}/trader-hub`);
    const asset = await fetch(`${base}/assets/app-abc123.js`);

    expect(exited).toBeUndefined();
    expectAllRefused(statuses, requests);
    expect(statuses[0]).toBe(400);
    const sibling = await fetch(`${base}/..%2F${basename(dist)}-old%2Fsecret.txt`);
    await expect(sibling.text()).resolves.not.toContain(SIBLING_SECRET);
    // `//` is a path like any other: the SPA, as CloudFront's fallback answers it.
    expect(await rawRequest(base, get('//'))).toBe(200);
    expect(page.status).toBe(200);
    await expect(page.text()).resolves.toContain('<div id="root">');
    expect(asset.status).toBe(200);
  });
});

describe('the local API emulator', () => {
  const server = useEmulatorServer();

  it('answers every malformed request with a 4xx and keeps serving', async () => {
    const { statuses, requests } = await probe(server.base(), [
      [get('/api/%ZZ'), ''],
      [get('/api/programs/%ZZ'), ''],
      [get('/api/programs/%E0%A4%A'), ''],
      ['POST /api/auth/admin HTTP/1.1\r\nContent-Type: application/json', '{"email":'],
      ['POST /api/auth/admin HTTP/1.1\r\nContent-Type: application/json', 'null'],
      ['POST /api/auth/refresh HTTP/1.1\r\nContent-Type: application/json', '[1,2]'],
    ]);
    const after = await fetch(`${server.base()}/api/amember/config`);

    expectAllRefused(statuses, requests);
    expect(after.status).toBe(200);
  });
});

describe('the membership stand-in', () => {
  let membership: MembershipServer;
  const KEY = 'stand-in-key';

  beforeAll(async () => {
    membership = await startMembershipServer({
      port: 0,
      apiKey: KEY,
      appOrigins: ['http://localhost:3999'],
      seed: demoMembers('Demo-Password-1'),
    });
  });
  afterAll(() => membership.close());

  it('answers every malformed request with a 4xx and keeps serving', async () => {
    const apiHead = (method: string, path: string, type = 'application/json') =>
      `${method} ${path} HTTP/1.1\r\nX-API-Key: ${KEY}\r\nContent-Type: ${type}`;
    const { statuses, requests } = await probe(membership.url, [
      [get('/api/%ZZ'), ''],
      [apiHead('GET', '/api/users?_filter[login]=%ZZ'), ''],
      [apiHead('POST', '/api/users'), '{"login":'],
      [apiHead('POST', '/api/users'), 'null'],
      [apiHead('POST', '/api/users'), '"text"'],
      [apiHead('POST', '/login', 'application/x-www-form-urlencoded'), 'amember_login=%ZZ&x=%'],
      [apiHead('POST', '/login', 'application/json'), '{'],
    ]);
    const after = await fetch(`${membership.url}/api/users`, { headers: { 'X-API-Key': KEY } });

    expectAllRefused(statuses, requests);
    expect(after.status).toBe(200);
  });
});
