import { spawn } from 'node:child_process';

/**
 * s3rver in a child process (with the legacy OpenSSL provider it needs), so the files it holds and
 * serves are not counted in the measured process's memory.
 */
export async function startS3rverProcess(
  directory: string,
): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const S3rver = require('s3rver');
       new S3rver({ address: '127.0.0.1', port: 0, directory: ${JSON.stringify(directory)}, silent: true })
         .run().then((address) => console.log('port ' + address.port));`,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider' },
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
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
