import {
  test,
  expect,
  gotoHydrated,
  hydrated,
  settled,
  waitForHydration,
} from '../support/test';

test.describe('on a slow network', () => {
  test('the prerendered page is there to read, and to leave by its links, before its scripts arrive', async ({
    page,
    colourToggle,
    scripts,
  }) => {
    scripts.hold();
    await page.goto('/docs/getting-started/single-rpc', {waitUntil: 'commit'});
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Monitor a single RPC endpoint',
    );
    await expect(
      page.locator('article').getByRole('heading', {level: 2}).first(),
    ).toBeVisible();
    await expect(page.locator(hydrated)).toHaveCount(0);

    // A link followed before the scripts run loads the next page from the host.
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: 'Introduction'})
      .click();
    await expect(page).toHaveURL('/docs/intro');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Introduction',
    );

    scripts.release();
    await waitForHydration(page);
    await expect(colourToggle('dark')).toBeEnabled();
  });
});

// The theme's default loader (@theme/Loading) has an error state with "Retry",
// but the production build never renders it: the client preloads every chunk a
// route needs before rendering it (clientEntry.js on first load,
// PendingNavigation.js on navigation, both through preload.js). A failed
// preload on navigation reloads the page (the error catalogue tests that); a
// failed preload on first load leaves the prerendered page as it is, which is
// what the reader sees instead, and what this checks.
test.describe('when the code of the first page fails to load', () => {
  // The failed loads, and the client's preload promise rejecting uncaught.
  test.use({
    allowConsoleErrors: /Failed to load resource|ChunkLoadError|Loading chunk/,
  });

  test('the prerendered page stays, readable, with plain links; once the network is back the next page works', async ({
    page,
  }) => {
    let networkDown = true;
    await page.route(/\/assets\/js\/(?!runtime~main|main\.)/, (route) =>
      networkDown ? route.abort('internetdisconnected') : route.continue(),
    );
    const chunkFailed = page.waitForEvent('pageerror');
    await page.goto('/docs/intro');
    expect((await chunkFailed).message).toMatch(/Loading chunk .* failed/);

    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Introduction',
    );
    await expect(
      page.locator('article').getByRole('heading', {level: 2}).first(),
    ).toBeVisible();
    await expect(page.getByRole('button', {name: 'Retry'})).toHaveCount(0);
    await expect(page.locator(hydrated)).toHaveCount(0);

    networkDown = false;
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: 'Projects'})
      .click();
    await expect(page).toHaveURL('/docs/category/projects');
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Projects');
  });
});

test.describe('when the code that reads a linked doc ahead fails to prefetch', () => {
  // The failed loads alone: an error thrown would fail the test.
  test.use({allowConsoleErrors: /Failed to load resource/});

  test('the page throws no error, and the link opens the doc once the network is back', async ({
    page,
  }) => {
    let networkDown = true;
    let failed = 0;
    await page.route('**/assets/js/static-content.*', (route) => {
      if (!networkDown) return route.continue();
      failed += 1;
      return route.abort('internetdisconnected');
    });
    await gotoHydrated(page, '/');
    await expect
      .poll(() => failed, 'prefetches that failed')
      .toBeGreaterThan(0);
    await settled(page);

    networkDown = false;
    await page
      .getByRole('navigation', {name: 'Main'})
      .getByRole('link', {name: 'Tutorial'})
      .click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Introduction',
    );
  });
});
