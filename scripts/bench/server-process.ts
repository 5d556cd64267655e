import { spawn } from 'node:child_process';

/**
 * Runs `script` (which prints `port <n>` once it listens) in a child process of its own, so the
 * measured process's memory and CPU hold only what is measured.
 */
export async function startServerProcess(
  script: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: process.cwd(),
    env,
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`The server process exited with ${code}`)));
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

/**
 * A dynalite of its own: the database's in-memory storage is not the measured process's. With `path`
 * it keeps its tables in that folder (LevelDB), so a seed written once is there the next run.
 */
export function startDynaliteProcess(path?: string) {
  const options = { createTableMs: 0, ...(path && { path }) };
  return startServerProcess(
    `const server = require('dynalite')(${JSON.stringify(options)});
     server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));`,
  );
}

/** s3rver of its own (with the legacy OpenSSL provider it needs): the files it serves stay there. */
export function startS3rverProcess(directory: string) {
  return startServerProcess(
    `const S3rver = require('s3rver');
     new S3rver({ address: '127.0.0.1', port: 0, directory: ${JSON.stringify(directory)}, silent: true })
       .run().then((address) => console.log('port ' + address.port));`,
    { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider' },
  );
}
