import type {Page} from '@playwright/test';
import {
  test,
  expect,
  countCalls,
  gotoHydrated,
  nextDocLink,
  routes,
  settled,
  followTutorialLink,
  waitForHydration,
} from '../support/test';
import {servers} from '../support/servers';

/** Visits the home page, hovers a link and follows one, as a reader would. */
async function browse(page: Page) {
  await gotoHydrated(page, '/');
  await page.getByRole('link', {name: 'Read the YAML reference'}).hover();
  await followTutorialLink(page);
}

const prefetchLinks = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('link[rel="prefetch"]')).map((link) =>
      link.getAttribute('href'),
    ),
  );

/** Records the paths the page fetches (not its scripts, documents or prefetches, nor settled()'s marker); returns them as they come. */
function fetchedPaths(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'fetch' && !url.searchParams.has('settled'))
      fetched.push(url.pathname);
  });
  return fetched;
}

test("what a reader's browsing prefetches is routes' chunks and pages, nothing else", async ({
  page,
}) => {
  const fetched = fetchedPaths(page);
  await browse(page);
  await expect
    .poll(async () => (await prefetchLinks(page)).length)
    .toBeGreaterThan(0);
  // Route chunks by <link rel="prefetch">; the pages whose HTML a doc's
  // content comes from, fetched (no prefetch of a page: Safari has none, and
  // Firefox drops one that must be revalidated, with an error event).
  expect(
    (await prefetchLinks(page)).filter(
      (href) => !href?.startsWith('/assets/js/'),
    ),
  ).toEqual([]);
  const pages = routes.map(({path}) => path);
  await expect.poll(() => fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((path) => !pages.includes(path))).toEqual([]);
});

test('a chunk that several routes share is prefetched once, not once for each', async ({
  page,
}) => {
  await browse(page);
  // Every category opened: each doc's link comes into view, and its route's
  // chunks, most of them shared by every doc, are prefetched.
  const collapsed = page.locator(
    '.theme-doc-sidebar-menu .menu__list-item--collapsed :is(.menu__caret, .menu__link--sublist-caret)',
  );
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  await expect
    .poll(async () => new Set(await prefetchLinks(page)).size)
    .toBeGreaterThan(5);
  await settled(page);
  const hrefs = await prefetchLinks(page);
  expect(hrefs.filter((href, index) => hrefs.indexOf(href) !== index)).toEqual(
    [],
  );
});

test("a doc coming into view is prefetched with its page, which holds the doc's content", async ({
  page,
}) => {
  const fetched = fetchedPaths(page);
  await gotoHydrated(page, '/docs/projects/intro');
  const next = nextDocLink(page);
  const path = await next.getAttribute('href');
  await next.scrollIntoViewIfNeeded();
  await expect.poll(() => fetched).toContain(path);
  await next.click();
  await expect(page).toHaveURL(path!);
  await waitForHydration(page);
  expect(fetched.filter((fetchedPath) => fetchedPath === path)).toHaveLength(1);
});

test("the pages a first load prefetches are read in idle time without being parsed: a doc's content is cut from its page's HTML, and a click shows it", async ({
  page,
}) => {
  const parses = await countCalls(page, 'DOMParser', 'parseFromString');
  const pagesIn = new Map<string, Promise<unknown>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'fetch')
      pagesIn.set(new URL(response.url()).pathname, response.finished());
  });
  await gotoHydrated(page, '/docs/projects/intro');
  const next = nextDocLink(page);
  const path = (await next.getAttribute('href'))!;
  await next.scrollIntoViewIfNeeded();
  await expect.poll(() => pagesIn.has(path)).toBe(true);
  await pagesIn.get(path);
  // The page is read in an idle callback asked for once its HTML is in; the
  // ones asked for before this one have run when it runs.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        setTimeout(
          () => requestIdleCallback(() => setTimeout(resolve), {timeout: 5000}),
          100,
        ),
      ),
  );
  expect(await parses(), 'pages parsed').toBe(0);
  await next.click();
  await expect(page).toHaveURL(path);
  await waitForHydration(page);
  await expect(
    page.locator('[data-static-content]').getByRole('heading', {level: 1}),
  ).toBeVisible();
});

test.describe('in a browser without <link rel="prefetch"> (Safari)', () => {
  test.beforeEach(async ({page}) => {
    await page.addInitScript(() => {
      const supports = DOMTokenList.prototype.supports;
      DOMTokenList.prototype.supports = function (token) {
        return token !== 'prefetch' && supports.call(this, token);
      };
    });
  });

  test("a doc coming into view has its chunks and its page fetched, and its link's click fetches neither again", async ({
    page,
  }) => {
    const fetched = fetchedPaths(page);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/js/'))
        chunks.push(`${request.resourceType()} ${request.url()}`);
    });
    await gotoHydrated(page, '/docs/projects/intro');
    const next = nextDocLink(page);
    const path = await next.getAttribute('href');
    await next.scrollIntoViewIfNeeded();
    await expect.poll(() => fetched).toContain(path);
    // Docusaurus prefetches the chunks with requests of its own.
    await expect
      .poll(() => chunks.filter((chunk) => chunk.startsWith('xhr ')).length)
      .toBeGreaterThan(0);
    expect(await prefetchLinks(page)).toEqual([]);
    await next.click();
    await expect(page).toHaveURL(path!);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Apply from CI',
    );
    expect(fetched.filter((fetchedPath) => fetchedPath === path)).toHaveLength(
      1,
    );
  });
});

test.describe('a page whose prefetch fails (as Firefox drops some)', () => {
  // The browser logs the failed request; the page logs nothing.
  test.use({allowConsoleErrors: /^Failed to load resource/});

  test('leaves no error, and following its link loads it', async ({page}) => {
    const path = '/docs/projects/ci';
    const fetched = fetchedPaths(page);
    let failures = 0;
    await page.route(path, (route) => {
      if (route.request().resourceType() !== 'fetch' || failures > 0)
        return route.continue();
      failures += 1;
      return route.abort('failed');
    });
    await gotoHydrated(page, '/docs/projects/intro');
    const next = nextDocLink(page);
    await next.scrollIntoViewIfNeeded();
    await expect.poll(() => failures).toBe(1);
    await settled(page);
    await next.click();
    await expect(page).toHaveURL(path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Apply from CI',
    );
    expect(fetched.filter((fetchedPath) => fetchedPath === path)).toHaveLength(
      2,
    );
  });
});

test.describe("links in a doc's static content", () => {
  // A doc whose links go to docs nothing else on the page links to, in a
  // window that shows only its first.
  test.use({
    baseURL: servers.fixtures.url,
    viewport: {width: 1280, height: 400},
  });
  const linksDoc = '/docs/islands/links';

  test('are prefetched, with their pages, as they come into view', async ({
    page,
  }) => {
    const fetched = fetchedPaths(page);
    await gotoHydrated(page, linksDoc);
    await expect.poll(() => fetched).toContain('/docs/projects/cli');
    await settled(page);
    expect(fetched).not.toContain('/docs/alerts/webhooks');
    await page
      .getByRole('link', {name: 'the webhooks page'})
      .scrollIntoViewIfNeeded();
    await expect.poll(() => fetched).toContain('/docs/alerts/webhooks');
  });

  test("are preloaded on hover: their route's code loads then, not before, and their page is fetched once", async ({
    page,
  }) => {
    const target = '/docs/operations/security';
    const fetched = fetchedPaths(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await gotoHydrated(page, linksDoc);
    const link = page.getByRole('link', {name: 'the Security page'});
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => fetched).toContain(target);
    await settled(page);
    const scriptsBefore = scripts.length;
    await link.hover();
    await expect.poll(() => scripts.length).toBeGreaterThan(scriptsBefore);
    await link.click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Security');
    expect(fetched.filter((path) => path === target)).toEqual([target]);
  });
});

for (const connection of [
  {effectiveType: '2g', saveData: false},
  {effectiveType: 'slow-2g', saveData: false},
  {effectiveType: '4g', saveData: true},
]) {
  test(`nothing is prefetched on a ${connection.saveData ? 'data-saver' : connection.effectiveType} connection`, async ({
    page,
  }) => {
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        get: () => value,
        configurable: true,
      });
    }, connection);
    const fetched = fetchedPaths(page);
    await browse(page);
    await settled(page);
    expect(await prefetchLinks(page)).toEqual([]);
    // The page the reader followed, alone.
    expect(fetched).toEqual(['/docs/intro']);
  });
}
