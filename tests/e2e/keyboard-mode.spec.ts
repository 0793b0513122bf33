import {test, expect, gotoHydrated} from '../support/test';
import type {Locator} from '@playwright/test';

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

/** The outline style of `control`, which must have the focus. */
async function focusRing(control: Locator): Promise<string> {
  await expect(control).toBeFocused();
  return control.evaluate((element) => getComputedStyle(element).outlineStyle);
}

test('a focus ring shows where the keyboard moves the focus, not where a mouse press puts it', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  const toggle = page
    .locator('.navbar')
    .getByRole('button', {name: /dark and light mode|to (dark|light) mode/});
  await toggle.click();
  expect(await focusRing(toggle), 'after a mouse press').toBe('none');

  await page.keyboard.press('Tab');
  expect(await focusRing(page.locator(':focus')), 'after Tab').not.toBe('none');

  await toggle.click();
  expect(await focusRing(toggle), 'after a mouse press again').toBe('none');
});

test("no style rule reads keyboard mode's class, so turning it off restyles nothing", async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  const selectors = await page.evaluate(() =>
    Array.from(document.styleSheets).flatMap((sheet) =>
      Array.from(sheet.cssRules, (rule) =>
        rule instanceof CSSStyleRule ? rule.selectorText : '',
      ),
    ),
  );
  expect(selectors.length).toBeGreaterThan(100);
  expect(
    selectors.filter((selector) =>
      selector.includes('navigation-with-keyboard'),
    ),
  ).toEqual([]);
});
