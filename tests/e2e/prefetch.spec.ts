import type {Page} from '@playwright/test';
import {
  test,
  expect,
  gotoHydrated,
  routes,
  settled,
  followTutorialLink,
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

test("what a reader's browsing prefetches is routes' chunks and pages, nothing else", async ({
  page,
}) => {
  await browse(page);
  await expect
    .poll(async () => (await prefetchLinks(page)).length)
    .toBeGreaterThan(0);
  // Route chunks, and the pages whose HTML a doc's content comes from.
  const pages = routes.map(({path}) => path);
  expect(
    (await prefetchLinks(page)).filter(
      (href) => !href?.startsWith('/assets/js/') && !pages.includes(href!),
    ),
  ).toEqual([]);
});

test("a doc coming into view is prefetched with its page, which holds the doc's content", async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/projects/intro');
  const next = page
    .getByRole('navigation', {name: 'Docs pages'})
    .getByRole('link', {name: /Next/});
  const path = await next.getAttribute('href');
  await next.scrollIntoViewIfNeeded();
  await expect.poll(() => prefetchLinks(page)).toContain(path);
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
    await gotoHydrated(page, linksDoc);
    await expect
      .poll(() => prefetchLinks(page))
      .toContain('/docs/projects/cli');
    await settled(page);
    expect(await prefetchLinks(page)).not.toContain('/docs/alerts/webhooks');
    await page
      .getByRole('link', {name: 'the webhooks page'})
      .scrollIntoViewIfNeeded();
    await expect
      .poll(() => prefetchLinks(page))
      .toContain('/docs/alerts/webhooks');
  });

  test('are preloaded on hover: the content of their page is fetched then, not before, and not again on the click', async ({
    page,
  }) => {
    const target = '/docs/operations/security';
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch')
        fetched.push(new URL(request.url()).pathname);
    });
    const fetchedTarget = () => fetched.filter((path) => path === target);
    await gotoHydrated(page, linksDoc);
    await settled(page);
    expect(fetchedTarget()).toEqual([]);
    const link = page.getByRole('link', {name: 'the Security page'});
    await link.hover();
    await expect.poll(fetchedTarget).toEqual([target]);
    await link.click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Security');
    expect(fetchedTarget()).toEqual([target]);
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
    await browse(page);
    await settled(page);
    expect(await prefetchLinks(page)).toEqual([]);
  });
}
