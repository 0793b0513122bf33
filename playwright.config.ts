import {defineConfig} from '@playwright/test';
import {chromiumLaunchOptions, servers} from './tests/support/servers';
import type {JourneyOptions} from './tests/journeys/test';

// A trace costs every test about a fifth of its time; a failure prints its
// error and writes the page's accessibility tree either way.
// PLAYWRIGHT_TRACE=1 keeps the failures' traces too.
const keepTraces = Boolean(process.env.PLAYWRIGHT_TRACE);
// WebKit's WebDriver client logs each connection and each command that fails
// (a journey's waits fail often, and try again): the journeys report what
// fails themselves. Its loggers read this as each worker loads the client.
process.env.WDIO_LOG_LEVEL ??= 'silent';

// End-to-end tests run in Debian's Chromium against production builds served
// by nginx as production serves them (tests/support/build-sites.mjs builds
// them, `npm run test:e2e` runs both). They test this checkout's builds only:
// tests/support/global-setup.ts stops the run when a build is older than the
// sources, and a port that something else already answers on stops it too.
// The journeys of tests/journeys run in Chromium, Firefox and WebKit, one
// project each, all three in `npm test` (`--project=webkit` runs one engine
// alone); the rest of the end-to-end tests run in Chromium.
const journeys = 'journeys/**/*.spec.ts';

export default defineConfig<JourneyOptions>({
  testDir: 'tests',
  // The journeys of an engine run in turn in one worker, which starts the
  // browser once: WebKit's and Firefox's come first, so that the other worker
  // takes Chromium's tests meanwhile and neither waits for the other at the end.
  projects: [
    {name: 'webkit', testMatch: journeys, use: {engine: 'webkit'}},
    {name: 'firefox', testMatch: journeys, use: {engine: 'firefox'}},
    {
      name: 'chromium',
      testMatch: ['e2e/**/*.spec.ts', journeys],
      use: {engine: 'chromium'},
    },
  ],
  globalSetup: './tests/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // CI's machine is shared: a test that fails once is run again, and the
  // report names it flaky; a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: 'list',
  use: {
    baseURL: servers.site.url,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: keepTraces ? 'retain-on-failure' : 'off',
  },
  webServer: Object.values(servers).map((server) => ({
    command: server.command,
    env: {PORT: String(server.port)},
    url: server.url,
    reuseExistingServer: false,
    gracefulShutdown: {signal: 'SIGTERM', timeout: 5_000},
    stdout: 'ignore',
  })),
});
