import type {Page} from '@playwright/test';
import {test, expect, gotoHydrated} from '../support/test';

/** Elements (and their ::before and ::after) whose transitions or animations last longer than 1 ms. */
async function movingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (value: string) =>
      Math.max(
        ...value
          .split(',')
          .map((part) =>
            part.trim().endsWith('ms')
              ? parseFloat(part) / 1000
              : parseFloat(part),
          ),
      );
    const moving: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        const animated =
          style.animationName !== 'none' &&
          seconds(style.animationDuration) > 0.001;
        const transitioned =
          style.transitionProperty !== 'none' &&
          seconds(style.transitionDuration) > 0.001;
        if (animated || transitioned) {
          moving.push(
            `${element.tagName.toLowerCase()}.${element.classList[0] ?? ''}${pseudo ?? ''}: ${style.transitionDuration} ${style.animationDuration}`,
          );
        }
      }
    }
    return moving;
  });
}

const pages = ['/', '/docs/intro'];

test.describe('a reader who asks for reduced motion', () => {
  test.use({reducedMotion: 'reduce'});

  for (const path of pages) {
    test(`sees nothing move on ${path}, menus open or closed`, async ({
      page,
    }) => {
      await gotoHydrated(page, path);
      expect(await movingElements(page)).toEqual([]);
      expect(
        await page.evaluate(
          () => getComputedStyle(document.documentElement).scrollBehavior,
        ),
      ).toBe('auto');

      await page.setViewportSize({width: 390, height: 844});
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await expect(page.locator('.navbar-sidebar')).toBeVisible();
      expect(await movingElements(page)).toEqual([]);
    });
  }
});

test.describe('a reader who does not ask for reduced motion', () => {
  test.use({reducedMotion: 'no-preference'});

  for (const path of pages) {
    test(`sees the theme's transitions on ${path}`, async ({page}) => {
      await gotoHydrated(page, path);
      expect((await movingElements(page)).length).toBeGreaterThan(0);
    });
  }
});
