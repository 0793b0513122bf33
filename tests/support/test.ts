import {test as base, expect, type Page} from '@playwright/test';

export {expect};

type Fixtures = {
  /** Console errors a test expects; any other console error fails the test. */
  allowConsoleErrors: RegExp | undefined;
};

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [undefined, {option: true}],
  page: async ({page, allowConsoleErrors}, use) => {
    const errors: string[] = [];
    const report = (text: string) => {
      if (!allowConsoleErrors?.test(text)) errors.push(text);
    };
    page.on('console', (message) => {
      if (message.type() === 'error') report(message.text());
    });
    page.on('pageerror', (error) => report(`Uncaught: ${error.message}`));
    await use(page);
    expect(errors, 'console errors on the page').toEqual([]);
  },
});

/** Matches the page once React has hydrated it (the prerendered HTML says "false"). */
export const hydrated = 'html[data-has-hydrated="true"]';

/** Waits until React has hydrated the prerendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator(hydrated).waitFor({state: 'attached'});
}

/** Opens a path and waits until React has hydrated the prerendered page. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Every route of the site (SPEC.md section 2) with the h1 it shows. */
export {default as routes} from './routes.json';
