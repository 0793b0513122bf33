import {test, expect, gotoHydrated} from '../support/test';

test('Tab turns keyboard mode on and a mouse press turns it off', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  const body = page.locator('body');
  await page.mouse.click(5, 400);
  await expect(body).not.toHaveClass(/navigation-with-keyboard/);

  await page.keyboard.press('Tab');
  await expect(body).toHaveClass(/navigation-with-keyboard/);

  await page.mouse.click(5, 400);
  await expect(body).not.toHaveClass(/navigation-with-keyboard/);
});
