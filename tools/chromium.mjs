// Debian's Chromium, for the end-to-end tests and the bench: never a browser
// that a tool downloads. CHROMIUM_PATH picks another.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
