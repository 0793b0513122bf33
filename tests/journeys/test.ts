// The fixture the journeys run on: a `reader` of the project's engine, a tab
// with storage of its own in a browser each worker starts once. A test fails
// on any error the page reports (bar those it expects) and on any
// Content-Security-Policy violation, and names in its annotations what its
// engine could not check.
import {test as base, expect} from '@playwright/test';
import {testChromiumLaunchOptions} from '../../tools/chromium.mjs';
import {servers} from '../support/servers';
import {ChromiumReader} from './drivers/chromium';
import {FirefoxReader, launchFirefox} from './drivers/firefox';
import {startWebKitDriver, WebKitReader} from './drivers/webkit';
import type {Engine, Limit, Reader} from './reader';

export {expect};

export type JourneyOptions = {engine: Engine};

/** A tab of the worker's browser, with storage of its own, and what closes it. */
type NewTab = () => Promise<{reader: Reader; close: () => Promise<void>}>;

/** The origins the journeys open pages on: the site's, and the fixtures site's. */
const origins = [servers.site.url, servers.fixtures.url];

export const test = base.extend<
  {
    reader: Reader;
    /** Errors a test expects the page to report; any other fails it. */
    allowErrors: RegExp | undefined;
    /** Says in the report what the engine could not check, and why. */
    noteLimit: (limit: Limit | undefined) => void;
  },
  JourneyOptions & {newTab: NewTab}
>({
  engine: ['chromium', {option: true, scope: 'worker'}],
  newTab: [
    async ({engine, playwright}, use) => {
      const origin = servers.site.url;
      if (engine === 'chromium') {
        const browser = await playwright.chromium.launch(
          testChromiumLaunchOptions,
        );
        await use(async () => {
          const page = await browser.newPage({
            viewport: {width: 1280, height: 720},
          });
          return {
            reader: await ChromiumReader.start(page, origin),
            close: () => page.context().close(),
          };
        });
        await browser.close();
      } else if (engine === 'firefox') {
        const browser = await launchFirefox();
        await use(async () => {
          const reader = await FirefoxReader.start(browser, origin);
          return {reader, close: () => reader.close()};
        });
        await browser.close();
      } else {
        // One browser for the worker's tests, its storage cleared for each:
        // WebKitGTK takes seconds to start.
        const driver = await startWebKitDriver();
        const reader = await WebKitReader.start(driver, origin);
        await use(async () => {
          await reader.reset(origins);
          return {reader, close: async () => {}};
        });
        await reader.close();
        await driver.stop();
      }
    },
    {scope: 'worker', timeout: 120_000},
  ],
  allowErrors: [undefined, {option: true}],
  noteLimit: async ({engine}, use, testInfo) => {
    await use((limit) => {
      if (limit)
        testInfo.annotations.push({
          type: `not in ${engine}`,
          description: `${limit.step}: ${limit.why}`,
        });
    });
  },
  reader: async ({engine, newTab, allowErrors, noteLimit}, use, testInfo) => {
    const {reader, close} = await newTab();
    noteLimit(reader.reportLimit);
    await use(reader);
    if (testInfo.status === testInfo.expectedStatus) {
      const {errors, violations} = await reader.reports();
      expect(
        errors.filter((error) => !allowErrors?.test(error)),
        `errors the page reported in ${engine}`,
      ).toEqual([]);
      expect(
        violations,
        `Content-Security-Policy violations in ${engine}`,
      ).toEqual([]);
    }
    await close();
  },
});
