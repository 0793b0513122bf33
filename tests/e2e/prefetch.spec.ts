import type {Page} from '@playwright/test';
import {
  test,
  expect,
  gotoHydrated,
  routes,
  settled,
  followTutorialLink,
} from '../support/test';

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

test('links are prefetched as they come into view or are hovered', async ({
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
