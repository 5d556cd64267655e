import { spawn } from 'node:child_process';
import type { Bench, Figures } from './types';

/**
 * `GET /api/accounts` and `GET /api/performance/today` over 10,000 accounts against the raw DynamoDB
 * queries each needs (issue 17). The measurement runs in a child process of its own
 * (scripts/bench/accounts-measure.ts).
 */
export const accountsBench: Bench = {
  name: 'accounts',
  run() {
    return new Promise<Figures>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/bench/accounts-measure.ts'],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
          // The handlers' request logs would drown the figures.
          env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code) => {
        const last = output.trim().split('\n').at(-1) ?? '';
        if (code !== 0) reject(new Error(`The accounts benchmark exited with ${code}`));
        else resolve(JSON.parse(last) as Figures);
      });
    });
  },
};
