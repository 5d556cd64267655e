import { spawn } from 'node:child_process';
import type { Bench, Figures } from './types';

/**
 * `GET /api/traders/details/{id}` for a trader with 20 accounts and `GET /api/summaries/firm` for the
 * latest day over 10,000 accounts, against the raw DynamoDB reads each needs (issue 11). The
 * measurement runs in a child process of its own (scripts/bench/traders-measure.ts).
 */
export const tradersBench: Bench = {
  name: 'traders',
  run() {
    return new Promise<Figures>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/bench/traders-measure.ts'],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code) => {
        const last = output.trim().split('\n').at(-1) ?? '';
        if (code !== 0) reject(new Error(`The traders benchmark exited with ${code}`));
        else resolve(JSON.parse(last) as Figures);
      });
    });
  },
};
