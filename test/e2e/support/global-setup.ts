import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PASSWORD = 'E2e-Password-1!';
// Only a guard against a stack that never starts: a loaded 2-core machine may take minutes to seed.
const STARTUP_TIMEOUT_MS = 300_000;

/**
 * Starts `bin/local.ts` exactly as `npm start` does, but on a free port, with a temporary data folder
 * and the built SPA, so the journeys never touch a developer's running stack or its `.data/`.
 * Playwright hands the variables set here to the test workers.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'deskline-e2e-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bin/local.ts', '--port', '0', '--data-dir', dataDir, '--web', 'dist'],
    {
      env: {
        ...process.env,
        DEMO_PASSWORD: E2E_PASSWORD,
        NODE_OPTIONS: '--openssl-legacy-provider',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Local stack did not start:\n${output}`)),
      STARTUP_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Deskline is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Local stack exited with ${code}:\n${output}`)));
  });
  process.env.E2E_BASE_URL = url;
  // The local e-mail inbox (MailDev): its REST API lists the mails the product sent at /api/email.
  const inbox = /E-mail inbox at (http:\/\/\S+)/.exec(output)?.[1];
  if (inbox) process.env.E2E_INBOX_URL = inbox;
  process.env.E2E_PASSWORD = E2E_PASSWORD;

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
