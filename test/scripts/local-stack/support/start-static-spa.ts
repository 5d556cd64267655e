/**
 * Serves a built SPA folder (argv[2]) with the local stack's static server, alone on a free port, and
 * prints `PORT <n>`: a request that crashed the server ends this process, as it would end
 * `npm start -- --web dist`, instead of jest's worker. Ends when its parent closes stdin.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { staticSpa } from '../../../../scripts/local-stack/web-server';

const server = createServer(staticSpa(process.argv[2] as string));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`);
});
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
