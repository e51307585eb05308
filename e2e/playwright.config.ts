import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, SITE_PORT } from './support/env';

// End-to-end tests drive the production build (site/build, built by `npm run build`) in Debian's
// Chromium. The static server is started here; the search replicas are started by the tests that
// need them, so those tests can stop them.
export default defineConfig({
  testDir: './tests',
  outputDir: '../.tmp/e2e-output',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-results.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node ../scripts/serve.mjs --port ${SITE_PORT}${process.env.SITE_BUILD_DIR ? ` --root ${process.env.SITE_BUILD_DIR}` : ''}`,
    url: `${BASE_URL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
