import {defineConfig} from '@playwright/test';
import {chromiumLaunchOptions} from './tests/support/servers';
import {corpusServers} from './tests/support/corpus';

// The comparison of other projects' docs as this site builds them with the
// same docs built the stock way (tests/corpus-e2e; the builds come from
// tests/support/build-corpus.mjs): `npm run test:corpus` builds and runs all
// of it, CORPUS_SAMPLE=1 two pages of each project, CORPUS_CONTROL=1 compares
// the stock build with itself.
export default defineConfig({
  testDir: 'tests/corpus-e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
  webServer: Object.values(corpusServers).map((server) => ({
    command: server.command,
    env: {PORT: String(server.port)},
    url: server.url,
    reuseExistingServer: false,
    gracefulShutdown: {signal: 'SIGTERM', timeout: 5_000},
    stdout: 'ignore',
  })),
});
