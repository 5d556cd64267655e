import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(__dirname, '../../..');
const probeDir = join(repo, '.data');
const probeFile = join(probeDir, `vite-probe-${process.pid}.json`);
const SECRET = 'refresh-token-that-must-never-be-served';

let child: ChildProcess;
let base: string;

async function fetchText(path: string) {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, text: await response.text() };
}

/** Issue 9, finding 2: `npm start`'s Vite served the whole repository through `/@fs/`. */
describe("the local stack's Vite dev server", () => {
  beforeAll(async () => {
    mkdirSync(probeDir, { recursive: true });
    writeFileSync(probeFile, JSON.stringify({ RefreshTokens: [SECRET] }));
    child = spawn(join(repo, 'node_modules/.bin/tsx'), ['test/support/start-vite.ts'], {
      cwd: repo,
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
