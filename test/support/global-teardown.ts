import type { TestServices } from './test-services';

export default async function globalTeardown(): Promise<void> {
  const services = (globalThis as { __testServices?: TestServices }).__testServices;
  await services?.stop();
}
