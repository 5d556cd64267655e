import { spawn } from 'node:child_process';
import type { Figures } from './types';

/**
 * Runs `script` (with `args`) under tsx in a child process of its own, so its memory and CPU hold only
 * what it measures, and answers the figures of the JSON line it prints last. `what` names it in the
 * error when it fails; `quietHandlers` silences the in-process handlers' request logs, which would
 * drown the figures.
 */
export function measureInChild(
  what: string,
  script: string,
  { args = [], quietHandlers = false }: { args?: string[]; quietHandlers?: boolean } = {},
): Promise<Figures> {
  return new Promise<Figures>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: quietHandlers ? { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT' } : process.env,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`The ${what} exited with ${code}`));
      else resolve(JSON.parse(last) as Figures);
    });
  });
}
