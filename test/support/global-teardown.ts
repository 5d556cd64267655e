import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** Stops the test services' process that global setup started. */
export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { __testServices?: ChildProcess }).__testServices;
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.disconnect();
  await exited;
}
