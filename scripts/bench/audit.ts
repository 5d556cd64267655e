import { spawn } from 'node:child_process';
import type { Bench, Figures } from './types';

/**
 * Audit trail pages over a million-row trail against the raw DynamoDB reads each page needs.
 * The measurement runs in a child process of its own (scripts/bench/audit-measure.ts).
 */
export const auditBench: Bench = {
  name: 'audit',
  run() {
    return new Promise<Figures>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/audit-measure.ts'], {
        stdio: ['ignore', 'pipe', 'inherit'],
        // The handler's request logs would drown the figures.
        env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code) => {
        const last = output.trim().split('\n').at(-1) ?? '';
        if (code !== 0) reject(new Error(`The audit benchmark exited with ${code}`));
        else resolve(JSON.parse(last) as Figures);
      });
    });
  },
};
