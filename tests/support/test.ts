import axeCore, {type AxeResults, type RunOptions} from 'axe-core';
import routes from '../../tools/routes.json';
import {
  test as base,
  expect,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';

export {expect};

/** Holds the site's script requests from `hold()` until `release()`. */
export type ScriptGate = {hold: () => void; release: () => void};

type Fixtures = {
  /** Console errors a test expects; any other console error fails the test. */
  allowConsoleErrors: RegExp | undefined;
  /** The navbar's colour-mode toggle, named by the mode pressing it turns on. */
  colourToggle: (to: 'dark' | 'light') => Locator;
  /** The announcement bar above the navbar. */
  announcementBar: Locator;
  /** A gate on the site's scripts, for pages read before they hydrate. */
  scripts: ScriptGate;
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
  colourToggle: async ({page}, use) => {
    await use((to) =>
      page
        .getByRole('navigation', {name: 'Main'})
        .getByRole('button', {name: `Switch to ${to} mode`, exact: true}),
    );
  },
  announcementBar: async ({page}, use) => {
    await use(page.getByRole('banner').filter({hasText: 'public preview'}));
  },
  scripts: async ({page}, use) => {
    let holding = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/js/**', async (route) => {
      if (holding) await released;
      await route.continue();
    });
    await use({
      hold: () => {
        holding = true;
      },
      release,
    });
  },
});

/** Matches the page once React has hydrated it (the prerendered HTML says "false"). */
export const hydrated = 'html[data-has-hydrated="true"]';

/**
 * Waits until React has hydrated the prerendered page and each block of
 * content laid out as it nears the view has been laid out once, keeping its
 * height for when the browser skips it, so that positions are those of the
 * whole page.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator(hydrated).waitFor({state: 'attached'});
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute('data-full-layout') ||
      Array.from(document.querySelectorAll('[data-deferred-layout] > *')).every(
        (block) =>
          !(block instanceof HTMLElement) ||
          block.style.containIntrinsicBlockSize !== '',
      ),
  );
}

/**
 * Lays out the page's content in full, as a reload does: for a test that reads
 * the text of a whole page at once (innerText leaves out the blocks out of
 * view, which the browser skips until a reader scrolls to them).
 */
export async function layOutInFull(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.documentElement.setAttribute('data-full-layout', ''),
  );
}

/** The link at the foot of a doc to the next doc. */
export const nextDocLink = (page: Page): Locator =>
  page
    .getByRole('navigation', {name: 'Docs pages'})
    .getByRole('link', {name: /Next/});

/** Opens a path and waits until React has hydrated the prerendered page. */
export async function gotoHydrated(
  page: Page,
  path: string,
): Promise<Response | null> {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * Counts, from the page's first script on, the calls of `method` of the
 * prototype of `owner` (`'String'`, `'Document'`) whose first argument is
 * `firstArgument`, or any call without it; returns what reads the count.
 */
export async function countCalls(
  page: Page,
  owner: string,
  method: string,
  firstArgument?: string,
): Promise<() => Promise<number>> {
  const name = `${owner}.${method}`;
  await page.addInitScript(
    ([counter, ownerName, methodName, argument]) => {
      type Prototype = Record<string, (...args: unknown[]) => unknown>;
      const prototype = (
        globalThis as unknown as Record<string, {prototype: Prototype}>
      )[ownerName]!.prototype;
      const original = prototype[methodName]!;
      const counts = ((
        globalThis as unknown as {calls?: Record<string, number>}
      ).calls ??= {});
      counts[counter] = 0;
      prototype[methodName] = function (this: unknown, ...args: unknown[]) {
        // An argument left out comes through the page's script as null.
        if (
          argument === null ||
          String(args[0]).toLowerCase() === argument.toLowerCase()
        )
          counts[counter]! += 1;
        return original.apply(this, args);
      };
    },
    [name, owner, method, firstArgument ?? null] as const,
  );
  return () =>
    page.evaluate(
      (counter) =>
        (globalThis as unknown as {calls: Record<string, number>}).calls[
          counter
        ]!,
      name,
    );
}

/** Opens a path in the given colour mode, stored as a returning reader's choice, once hydrated. */
export async function gotoInMode(
  page: Page,
  path: string,
  mode: 'light' | 'dark',
): Promise<Response | null> {
  await page.addInitScript(
    (theme) => window.localStorage.setItem('theme', theme),
    mode,
  );
  const response = await gotoHydrated(page, path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  return response;
}

/** What an axe run reads: where, which rules, and whether every result or only violations. */
export type AxeScope = {
  /** The selector of the part of the page audited; the whole page by default. */
  include?: string;
  /** Only these rules. */
  rules?: string[];
  /** Every rule but these. */
  without?: string[];
  /**
   * Every result type with all its elements, for a test that counts what
   * passed or what axe could not judge. By default only violations are
   * aggregated, which halves a long doc's audit.
   */
  everyResult?: boolean;
};

/**
 * The project's axe-core run over the page. Its 560 KB source is evaluated
 * once a document rather than at every run, and no frame is audited, as the
 * site has none.
 */
export async function axe(
  page: Page,
  {include, rules, without, everyResult = false}: AxeScope = {},
): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(axeCore.source);
  const options: RunOptions = {
    iframes: false,
    ...(everyResult ? {} : {resultTypes: ['violations']}),
    ...(rules ? {runOnly: {type: 'rule', values: rules}} : {}),
    ...(without
      ? {rules: Object.fromEntries(without.map((id) => [id, {enabled: false}]))}
      : {}),
  };
  return page.evaluate(
    ({include, options}) =>
      (window as unknown as {axe: typeof axeCore}).axe.run(
        include ?? document,
        options,
      ),
    {include, options},
  );
}

/**
 * Waits until whatever the page has started by now has had its chance to
 * send a request: two frames (layout, so intersection observers run), an idle
 * moment (React's handlers), then a request of its own, reported after any
 * the page sent before it. For checks that something did not happen.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => requestIdleCallback(() => resolve())),
        ),
      ),
  );
  const marker = `/robots.txt?settled=${Date.now()}`;
  const reported = page.waitForRequest((request) =>
    request.url().endsWith(marker),
  );
  await page.evaluate((url) => fetch(url).then(() => undefined), marker);
  await reported;
}

/**
 * Clicks a link of a sidebar category the test has just expanded, once the
 * link is shown whole, as a reader taps it. Clicked sooner, Playwright
 * scrolls it into view inside the category's list, clipped while it opens,
 * and the list's growth moves it from under the press: the click is lost.
 */
export async function clickOnceShown(link: Locator): Promise<void> {
  await expect(link).toBeInViewport({ratio: 1});
  await link.click();
}

/** Follows the navbar's "Tutorial" link and waits for the introduction it opens. */
export async function followTutorialLink(page: Page): Promise<void> {
  await page
    .getByRole('navigation', {name: 'Main'})
    .getByRole('link', {name: 'Tutorial'})
    .click();
  await expect(page).toHaveURL(/\/docs\/intro$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Introduction',
  );
}

/**
 * Opens the home page and closes the announcement bar there.
 * @param announcementBar the fixture of that name
 */
export async function closeAnnouncementBar(
  page: Page,
  announcementBar: Locator,
): Promise<void> {
  await gotoHydrated(page, '/');
  await expect(announcementBar).toBeVisible();
  await announcementBar.getByRole('button', {name: 'Close'}).click();
  await expect(announcementBar).toBeHidden();
}

/** Opens a doc through the docs sidebar, following each link in turn (its category first), and waits for its h1. */
export async function openFromSidebar(
  page: Page,
  links: string[],
  heading: string,
): Promise<void> {
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  for (const name of links) await sidebar.getByRole('link', {name}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(heading);
}

/** What the theme stored of the announcement bar's dismissal: [dismissed, the bar's id]. */
export async function storedDismissal(page: Page): Promise<(string | null)[]> {
  return page.evaluate(() => [
    localStorage.getItem('docusaurus.announcement.dismiss'),
    localStorage.getItem('docusaurus.announcement.id'),
  ]);
}

/**
 * What `copy` puts on the clipboard, which the browser's Clipboard API writes
 * a moment after the click.
 */
export async function copiedBy(
  page: Page,
  copy: () => Promise<void>,
): Promise<string> {
  const before = 'Nothing copied yet';
  await page.evaluate((text) => navigator.clipboard.writeText(text), before);
  await copy();
  let copied = before;
  await expect
    .poll(async () => {
      copied = await page.evaluate(() => navigator.clipboard.readText());
      return copied;
    })
    .not.toBe(before);
  return copied;
}

/** Every route of the site with the h1 it shows. */
export {routes};

/** What kind of page a route is: its layout, and what the theme does on it. */
export const kindOf = (path: string) =>
  path === '/'
    ? 'home'
    : !path.startsWith('/docs/')
      ? 'page'
      : path.startsWith('/docs/category/')
        ? 'category'
        : 'doc';

/**
 * The first route of each kind (the home page, a page, a doc, a category):
 * for what the layout and the theme do alike on every page of a kind.
 */
export const onePageOfEachKind = routes.filter(
  ({path}, index) =>
    routes.findIndex((other) => kindOf(other.path) === kindOf(path)) === index,
);
