import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium.ts';
import { shopURL } from './tests/e2e/support/shared-server.ts';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the real server,
// which the global setup starts on free ports (E2E_PORT if set). Workers start after it and read
// this file again, so E2E_PORT is the server's there; before the setup it may be unset.
const port = process.env.E2E_PORT;
// Specs that publish products or give them photos change what every list page shows (how many
// cards, which pictures): they run once every other spec is done, so no list test counts their
// products.
const CATALOGUE_CHANGES = ['**/catalogue-loop.spec.ts', '**/photos.spec.ts'];
const baseURL = port ? shopURL(port) : undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Starts the shared server and returns its teardown (stop it, remove its DATA_DIR).
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Tests must be deterministic: a flaky test is a bug to fix, not to retry.
  retries: 0,
  // Two cores, shared: one worker leaves room for the server, two is the ceiling.
  workers: process.env.CI ? 2 : 1,
  reporter: 'list',
  // CI's two workers share two cores with the server and its mailbox: a test that takes 10 s
  // alone took 25-32 s there on a slow day (waits for the page keep their own limits below).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  projects: [
    { name: 'shop', testIgnore: CATALOGUE_CHANGES },
    { name: 'catalogue changes', testMatch: CATALOGUE_CHANGES, dependencies: ['shop'] },
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 720 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
