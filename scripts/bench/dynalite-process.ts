import { spawn } from 'node:child_process';

/**
 * A dynalite of its own, in a child process: the measured process's memory and CPU then hold the
 * sync (or the floor's writer), not the database's in-memory storage of everything written.
 */
export async function startDynaliteProcess(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const server = require('dynalite')({ createTableMs: 0 });
       server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], cwd: process.cwd() },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`dynalite exited with ${code}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
