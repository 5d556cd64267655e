import { startTestServices } from './test-services';

/**
 * The test services in a process of their own, started by jest's global setup: the emulator then keeps
 * every test's table outside the tests' heap and answers on the machine's second core while the
 * in-band tests run on the first. It sends its environment to the parent once ready and stops when
 * the parent disconnects (at teardown, or when jest dies), so it never outlives the run.
 */
async function main(): Promise<void> {
  const services = await startTestServices();
  const stop = () => {
    void services.stop().finally(() => process.exit(0));
  };
  process.once('disconnect', stop);
  process.once('SIGTERM', stop);
  process.send?.({ env: services.env });
}

main().catch((error: unknown) => {
  process.send?.({
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  process.exit(1);
});
