import {defineConfig} from '@playwright/test';
import {chromiumLaunchOptions, servers} from './tests/support/servers';

// End-to-end tests run in Debian's Chromium against production builds served
// statically (see tests/support/build-sites.mjs, run by `npm run test:e2e`).
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: 'list',
  use: {
    baseURL: servers.site.url,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  webServer: Object.values(servers).map((server) => ({
    command: server.command,
    url: server.url,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
  })),
});
