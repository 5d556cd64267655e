import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

interface ServicesMessage {
  env?: Record<string, string>;
  error?: string;
}

/**
 * Starts the servers the integration tests share (DESIGN §9) in a child process and publishes their
 * endpoints through the environment, which the tests (in band or in workers) inherit. In the child, not
 * in jest's own process: with two cores jest runs the tests in band, and an emulator in the same
 * process stalled behind them and held every table in their heap (requests reset after waiting,
 * heavy suites 3–7 times slower late in the run).
 */
export default async function globalSetup(): Promise<void> {
  const child = fork(join(__dirname, 'test-services-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    child.once('message', (message: ServicesMessage) =>
      message.env ? resolve(message.env) : reject(new Error(`test services: ${message.error}`)),
    );
    child.once('exit', (code) => reject(new Error(`test services exited with ${code}`)));
  });
  Object.assign(process.env, env);
  (globalThis as { __testServices?: ChildProcess }).__testServices = child;
}
