import {
  test,
  expect,
  gotoHydrated,
  routes,
  waitForHydration,
} from '../support/test';

test.describe('every route renders its screen', () => {
  for (const route of routes) {
    test(`${route.path} shows "${route.heading}"`, async ({page}) => {
      const response = await page.goto(route.path);
      expect(response?.status(), 'prerendered, not the 404 fallback').toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(
        route.heading,
      );
      await expect(page).toHaveTitle(
        route.path === '/'
          ? 'Nodekeeper Documentation'
          : `${route.heading} | Nodekeeper Documentation`,
      );
    });
  }
});

test('the page language is English, left to right', async ({page}) => {
  await gotoHydrated(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
