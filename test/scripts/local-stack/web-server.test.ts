import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { staticSpa } from '../../../scripts/local-stack/web-server';

const repo = resolve(__dirname, '../../..');
const probeDir = join(repo, '.data');
const probeFile = join(probeDir, `vite-probe-${process.pid}.json`);
const SECRET = 'refresh-token-that-must-never-be-served';
/** The membership stand-in's site, which the trader area frames (CSP frame-src). */
const MEMBERSHIP_SITE = 'http://localhost:3100/member';

const cspOf = (response: Response) =>
  new Map(
    (response.headers.get('content-security-policy') ?? '').split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );

let child: ChildProcess;
let base: string;

async function fetchText(path: string) {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, text: await response.text() };
}

/** `npm start`'s Vite served the whole repository through `/@fs/`. */
describe("the local stack's Vite dev server", () => {
  beforeAll(async () => {
    mkdirSync(probeDir, { recursive: true });
    writeFileSync(probeFile, JSON.stringify({ RefreshTokens: [SECRET] }));
    child = spawn(join(repo, 'node_modules/.bin/tsx'), ['test/support/start-vite.ts'], {
      cwd: repo,
      env: { ...process.env, MEMBERSHIP_SITE_URL: MEMBERSHIP_SITE },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const port = await new Promise<string>((found, failed) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /PORT (\d+)/.exec(output);
        if (match) found(match[1] as string);
      });
      child.once('exit', (code) => failed(new Error(`Vite exited with ${code}`)));
    });
    base = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    rmSync(probeFile, { force: true });
    const exited = new Promise((done) => child.once('exit', done));
    child.stdin?.end();
    await exited;
  }, 30_000);

  it('still serves the SPA and the shared code it imports', async () => {
    const page = await fetchText('/');
    const shared = await fetchText(`/@fs${repo}/shared/api/routes.ts`);

    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(shared.status).toBe(200);
  });

  it('sends the security headers, allowing frames of the membership site only', async () => {
    const response = await fetch(`${base}/trader-hub`);
    const csp = cspOf(response);

    expect(csp.get('frame-src')).toEqual(["'self'", 'http://localhost:3100']);
    // A trader-area address: the membership site that embeds it may frame it.
    expect(csp.get('frame-ancestors')).toEqual(["'self'", 'http://localhost:3100']);
    expect(cspOf(await fetch(`${base}/`)).get('frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  /** One malformed request must not end `npm start` in any web mode. */
  it('answers malformed paths and keeps serving', async () => {
    const statuses = [];
    for (const path of ['/%ZZ', '/%E0%A4%A', '/src/%ZZ.tsx', '/@fs/%ZZ']) {
      statuses.push((await fetch(`${base}${path}`)).status);
    }
    const page = await fetchText('/');

    expect(statuses.every((status) => status >= 200 && status < 600)).toBe(true);
    expect(page.status).toBe(200);
  });

  it.each([
    ['the local data folder', () => `/@fs${probeFile}`],
    ['the local data folder, encoded', () => `/@fs${probeFile.replace('.data', '%2Edata')}`],
    ['the repository root', () => `/@fs${repo}/package.json`],
    ['git', () => `/@fs${repo}/.git/config`],
    ['a traversal out of the web root', () => '/../.data/' + probeFile.split('/').pop()],
  ])('serves no file from %s', async (_case, path) => {
    const answer = await fetchText(path());

    expect(answer.text).not.toContain(SECRET);
    expect(answer.text).not.toContain('"devDependencies"');
    expect(answer.text).not.toContain('[core]');
  });
});

describe("the local stack's built-SPA server", () => {
  let dist: string;
  let server: Server;
  let url: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'deskline-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'export {};');
    server = createServer(staticSpa(dist));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    process.env = saved;
    await new Promise((done) => server.close(done));
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/trader-hub', '/assets/app-abc123.js'])(
    'answers %s with the security headers of CloudFront, frames from the configured sites only',
    async (path) => {
      process.env.MEMBERSHIP_SITE_URL = 'http://localhost:3100/';
      process.env.TOOLS_SITE_URL = 'http://localhost:3200/tools';
      const response = await fetch(`${url}${path}`);
      const csp = cspOf(response);

      expect(response.status).toBe(200);
      expect(csp.get('frame-src')).toEqual([
        "'self'",
        'http://localhost:3100',
        'http://localhost:3200',
      ]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(response.headers.get('strict-transport-security')).toBe(
        'max-age=63072000; includeSubDomains',
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    },
  );

  /** The trader area's `trader_logout` could never reach the membership site framing it. */
  it.each([
    ['/trader-login', ["'self'", 'http://localhost:3100']],
    ['/traders/accounts', ["'self'", 'http://localhost:3100']],
    ['/amember-dashboard', ["'self'", 'http://localhost:3100']],
    ['/', ["'self'"]],
    ['/traders', ["'self'"]],
    ['/accounts', ["'self'"]],
  ])('lets the membership site frame %s only if it is the trader area', async (path, expected) => {
    process.env.MEMBERSHIP_SITE_URL = 'http://localhost:3100/';
    const response = await fetch(`${url}${path}`);
    expect(cspOf(response).get('frame-ancestors')).toEqual(expected);
  });

  it('allows frames of its own origin only when no membership site is configured', async () => {
    delete process.env.MEMBERSHIP_SITE_URL;
    delete process.env.TOOLS_SITE_URL;

    expect(cspOf(await fetch(url)).get('frame-src')).toEqual(["'self'"]);
  });
});
