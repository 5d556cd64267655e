/**
 * Starts the local stack's Vite dev server alone on a free port and prints `PORT <n>`: jest cannot
 * load Vite (ESM only), so tests run it in this child process. Ends when its parent closes stdin.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { viteSpa } from '../../scripts/local-stack/web-server';

async function main() {
  const server = createServer();
  const vite = await viteSpa(server);
  server.on('request', vite.handler);
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`);
  });
  process.stdin.on('end', () => {
    void vite.close().then(() => server.close(() => process.exit(0)));
  });
  process.stdin.resume();
}

void main();
