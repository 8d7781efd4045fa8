import { defineConfig, devices } from '@playwright/test';
import { appUrl, chromiumPath } from './fixtures/paths';

// Browser tests against the real built app and server, in Debian's Chromium (Playwright cannot download
// browsers here). One worker: the machine has two cores and the server needs one.
// Waits: under `npm test` the server suite runs beside this one on the same two cores, and a full load of the
// app there took 8-9 s where it takes 2 s alone (CI run of 2026-11-28: a detail page's first API call came
// 9.05 s after its HTML). An assertion waits up to 20 s for what a page shows; it still fails when the page
// never shows it.
export default defineConfig({
  testDir: './tests',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'test-results/report' }]],
  globalSetup: './global-setup.ts',
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: appUrl,
    // as a person who asked for less motion: the apps then turn antd's transitions off (shared/src/ui/theme.ts),
    // so no step races one (a click on a select's option while the list was still opening selected nothing)
    reducedMotion: 'reduce',
    // a trace of the retry only (CI retries once): recording every test and dropping the trace of those that pass
    // cost 12 % of the browser lane's CPU (shell and guidelines specs, 2026-11-29: 212 s against 186 s without)
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 850 } } },
  ],
});
