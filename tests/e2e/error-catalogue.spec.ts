import {test, expect, gotoHydrated, waitForHydration} from '../support/test';
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
      const working = Intl.DateTimeFormat;
      (
        window as unknown as {restoreDateTimeFormat: () => void}
      ).restoreDateTimeFormat = () => {
        Intl.DateTimeFormat = working;
      };
      Intl.DateTimeFormat = function broken() {
        throw new Error('date formatting is broken', {
          cause: new Error('the locale data is missing'),
        });
      } as unknown as typeof Intl.DateTimeFormat;
    });
    await sidebar
      .getByRole('link', {name: 'Monitor a single RPC endpoint'})
      .click();

    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'This page crashed.',
    );
    await expect(page.getByText('date formatting is broken')).toBeVisible();
    await expect(
      page.getByText('Cause: the locale data is missing'),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', {name: 'Main'}),
      'the site around the page still works',
    ).toBeVisible();

    await page.evaluate(() =>
      (
        window as unknown as {restoreDateTimeFormat: () => void}
      ).restoreDateTimeFormat(),
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
