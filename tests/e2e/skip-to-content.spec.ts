import {test, expect, gotoHydrated, onePageOfEachKind} from '../support/test';

// The skip link is the layout's, alike on every page of a kind: one page of
// each kind, and the not-found page.
const notFound = '/does-not-exist';
const pagesChecked = [...onePageOfEachKind.map(({path}) => path), notFound];

for (const path of pagesChecked) {
  // Chromium logs the not-found page's status as an error, on that page alone.
  test.describe(path, () => {
    test.use({
      allowConsoleErrors: path === notFound ? /status of 404/ : undefined,
    });
    test(`${path}: the first Tab reaches "Skip to main content", which moves focus to the main content`, async ({
      page,
    }) => {
      await gotoHydrated(page, path);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', {name: 'Skip to main content'});
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press('Enter');
      const main = page.getByRole('main').first();
      await expect(main).toBeFocused();
      await expect(
        main.getByRole('heading', {level: 1}),
        'the content skipped to starts with the page title',
      ).toBeVisible();
      await page.keyboard.press('Tab');
      const nextFocus = await page.evaluate(() => {
        const focused = document.activeElement!;
        return {
          inMain: Boolean(focused.closest('main')),
          inNavbar: Boolean(focused.closest('.navbar')),
        };
      });
      expect(
        nextFocus.inNavbar,
        'the next Tab does not go back to the navbar',
      ).toBe(false);
      expect(
        nextFocus.inMain || (await main.getByRole('link').count()) === 0,
        'the next Tab reaches the content',
      ).toBe(true);
    });
  });
}
