import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium (DESIGN §9, §10) against a local stack that the global setup
 * starts on a free port with a temporary data folder and the built SPA.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A hang guard, not a speed limit: beside a benchmark on a loaded 2-core machine the longest journey
  // (traders, 11 screens with axe and screenshots) took 4.4 min; no test sets a lower limit.
  timeout: 900_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
