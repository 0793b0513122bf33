import type {Page} from '@playwright/test';
import {
  test,
  expect,
  gotoHydrated,
  nextDocLink,
  settled,
  waitForHydration,
} from '../support/test';
import {servers} from '../support/servers';

test.describe('a page that crashes', () => {
  // React reports the error its boundary caught to the console.
  test.use({allowConsoleErrors: /date formatting is broken/});

  test('shows "This page crashed." with the error and its cause, and "Try again" restores it', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    await sidebar.getByRole('link', {name: 'Getting started'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Getting started',
    );
    // Break what the next doc needs to render: its last-updated date.
    await page.evaluate(() => {
      const working = Date.prototype.toISOString;
      (window as unknown as {restoreDates: () => void}).restoreDates = () => {
        Date.prototype.toISOString = working;
      };
      Date.prototype.toISOString = function broken() {
        throw new Error('date formatting is broken', {
          cause: new Error('no date can be written'),
        });
      };
    });
    await sidebar
      .getByRole('link', {name: 'Monitor a single RPC endpoint'})
      .click();

    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'This page crashed.',
    );
    await expect(page.getByText('date formatting is broken')).toBeVisible();
    await expect(page.getByText('Cause: no date can be written')).toBeVisible();
    await expect(
      page.getByRole('navigation', {name: 'Main'}),
      'the site around the page still works',
    ).toBeVisible();

    await page.evaluate(() =>
      (window as unknown as {restoreDates: () => void}).restoreDates(),
    );
    await page.getByRole('button', {name: 'Try again'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Monitor a single RPC endpoint',
    );
    await expect(page).toHaveURL('/docs/getting-started/single-rpc');
  });
});

test.describe('a route whose code fails to load', () => {
  // The failed loads are logged by the browser; nothing else is (the
  // preload the link starts on hover fails uncaught in stock Docusaurus).
  test.use({allowConsoleErrors: /^Failed to load resource/});

  test('logs a warning and reloads the page in full', async ({page}) => {
    await gotoHydrated(page, '/');
    // Scripts fail until the page loads a document again: the reload.
    let failing = true;
    await page.route('**/*', (route) => {
      if (route.request().resourceType() === 'document') failing = false;
      return failing && route.request().url().includes('/assets/js/')
        ? route.abort()
        : route.continue();
    });
    const warning = page.waitForEvent(
      'console',
      (message) => message.type() === 'warning',
    );
    await page.evaluate(
      () =>
        ((window as unknown as {beforeReload: boolean}).beforeReload = true),
    );

    await page
      .getByRole('navigation', {name: 'Main'})
      .getByRole('link', {name: 'Tutorial'})
      .click();
    expect((await warning).text()).toMatch(/chunk/i);

    await page.waitForURL('/docs/intro');
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Introduction',
    );
    expect(
      await page.evaluate(
        () => (window as unknown as {beforeReload?: boolean}).beforeReload,
      ),
    ).toBeUndefined();
  });
});

test.describe('a site served under a wrong base URL', () => {
  // The build expects /sub/; served at the root, none of its scripts load.
  test.use({
    baseURL: servers.wrongBaseUrl.url,
    allowConsoleErrors: /status of 404/,
  });

  test('shows a banner on the home path saying the site did not load properly', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByText('Your Docusaurus site did not load properly.'),
    ).toBeVisible();
    await expect(
      page.getByText('Current configured baseUrl = /sub/'),
    ).toBeVisible();
  });

  test('shows no banner on other paths', async ({page}) => {
    await page.goto('/markdown-page/');
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'About these docs',
    );
    await expect(page.getByText('did not load properly')).toHaveCount(0);
  });

  test('the same build under its own base URL shows no banner', async ({
    page,
  }) => {
    await page.goto(servers.subPath.url);
    await waitForHydration(page);
    await expect(page.getByText('did not load properly')).toHaveCount(0);
  });
});

test.describe('a deploy while a reader has a page open', () => {
  // The old build's chunks are gone (404s the browser logs); nothing else is logged.
  test.use({allowConsoleErrors: /^Failed to load resource/});

  /**
   * Serves the site as a new deploy would once `deploy()` is called: the
   * chunks the page had not loaded are gone (those it had prefetched too,
   * unless `prefetchedKept`, as the browser's cache keeps them), and every
   * page's content is another's, until the browser loads a page in full,
   * which is the new deploy's throughout.
   */
  async function deployLater(
    page: Page,
    {prefetchedKept}: {prefetchedKept: boolean},
  ): Promise<() => void> {
    let deployed = false;
    const asked = new Set<string>();
    await page.route('**/*', async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (request.resourceType() === 'document') deployed = false;
      if (url.pathname.startsWith('/assets/js/')) {
        if (
          !deployed &&
          (prefetchedKept || request.resourceType() === 'script')
        )
          asked.add(url.pathname);
        else if (!asked.has(url.pathname))
          return route.fulfill({status: 404, body: 'Not found'});
        return route.continue();
      }
      if (!deployed || request.resourceType() !== 'fetch')
        return route.continue();
      try {
        const response = await route.fetch();
        await route.fulfill({
          response,
          body: (await response.text()).replaceAll(
            'data-static-content="',
            'data-static-content="next-deploy-',
          ),
        });
      } catch {
        // The page closed while a prefetch was under way.
      }
    });
    return () => {
      deployed = true;
    };
  }

  test('the next link followed logs a warning and loads the new page in full, with no uncaught error', async ({
    page,
  }) => {
    const deploy = await deployLater(page, {prefetchedKept: false});
    await gotoHydrated(page, '/docs/intro');
    await settled(page);
    deploy();
    await page.evaluate(() => Object.assign(window, {beforeReload: true}));
    const warning = page.waitForEvent(
      'console',
      (message) => message.type() === 'warning',
    );
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    await sidebar.getByRole('button', {name: /Operations/}).click();
    await sidebar.getByRole('link', {name: 'Security'}).click();
    expect((await warning).text()).toMatch(/chunk/i);
    await page.waitForURL('/docs/operations/security');
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Security');
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
  });

  test('a doc prefetched before the deploy still shows whole, without a reload', async ({
    page,
  }) => {
    const deploy = await deployLater(page, {prefetchedKept: true});
    const fetched: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'fetch')
        fetched.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, '/docs/projects/intro');
    const next = nextDocLink(page);
    await next.scrollIntoViewIfNeeded();
    await expect.poll(() => fetched).toContain('/docs/projects/ci');
    await settled(page);
    deploy();
    await page.evaluate(() => Object.assign(window, {beforeReload: true}));
    await next.click();
    await expect(page).toHaveURL('/docs/projects/ci');
    // The address changes at the click; the page left stays on screen until
    // the next route has loaded.
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Apply from CI',
    );
    await waitForHydration(page);
    const headings = page.locator('article').getByRole('heading', {level: 2});
    await expect(headings.first()).toBeVisible();
    await headings.last().scrollIntoViewIfNeeded();
    await expect(headings.last()).toBeVisible();
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(true);
  });
});
