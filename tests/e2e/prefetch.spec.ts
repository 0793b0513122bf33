import type {Page} from '@playwright/test';
import {
  test,
  expect,
  gotoHydrated,
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
  expect(
    (await prefetchLinks(page)).every((href) =>
      href?.startsWith('/assets/js/'),
    ),
  ).toBe(true);
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
