import { startTestServices } from './test-services';

/**
 * Starts the in-memory servers the integration tests share (DESIGN §9) and publishes their endpoints
 * through the environment, which jest's workers inherit.
 */
export default async function globalSetup(): Promise<void> {
  const services = await startTestServices();
  Object.assign(process.env, services.env);
  (globalThis as { __testServices?: typeof services }).__testServices = services;
}
