import { spawn } from 'node:child_process';
import type { Bench, Figures } from './types';

/** Runs one measurement of sync-measure.ts in a process of its own and answers its figures. */
function measure(phase: 'throughput' | 'audit'): Promise<Figures> {
  return new Promise<Figures>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/sync-measure.ts', phase],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`The sync benchmark (${phase}) exited with ${code}`));
      else resolve(JSON.parse(last) as Figures);
    });
  });
}

/**
 * Daily sync throughput against the storage floor, and its memory bound with a million-row audit
 * file. Each measurement runs in a child process so its figures are the sync's own.
 */
export const syncBench: Bench = {
  name: 'sync',
  async run() {
    return { ...(await measure('throughput')), ...(await measure('audit')) };
  },
};
