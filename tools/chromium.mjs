// Debian's Chromium, for the end-to-end tests and the bench: never a browser
// that a tool downloads. CHROMIUM_PATH picks another for both.
import {existsSync} from 'node:fs';

/** The full browser, which the bench measures: it is what readers run. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell: the same Chromium, built without the
 * browser around the page, as Playwright runs headless tests by default. The
 * end-to-end tests take half the time in it that they take in the full browser.
 */
export const testChromiumPath =
  process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** @type {import('@playwright/test').LaunchOptions} */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: chromiumFlags,
};

/** @type {import('@playwright/test').LaunchOptions} */
export const testChromiumLaunchOptions = {
  executablePath: testChromiumPath,
  args: chromiumFlags,
};

/**
 * Throws, saying what to install, when `executablePath` is missing.
 * @param {import('@playwright/test').LaunchOptions} options
 */
export function assertChromiumInstalled({executablePath}) {
  if (executablePath && !existsSync(executablePath))
    throw new Error(
      `${executablePath} is missing: install Debian's ${executablePath.endsWith('headless-shell') ? 'chromium-headless-shell' : 'chromium'} package, or set CHROMIUM_PATH to a Chromium`,
    );
}
