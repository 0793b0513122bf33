import type {Locator, Page} from '@playwright/test';
import {test, expect, gotoHydrated} from '../support/test';

type Focus = {name: string; visible: boolean; why: string};

/** What has focus, and whether a sighted keyboard user can see it. */
async function focused(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body)
      return {name: '', visible: false, why: 'focus is on <body>'};
    const name = (
      element.getAttribute('aria-label') ??
      (element as HTMLElement).innerText ??
      ''
    ).trim();
    const style = getComputedStyle(element);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none';
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const onScreen =
      box.width > 0 &&
      box.height > 0 &&
      x >= 0 &&
      y >= 0 &&
      x < innerWidth &&
      y < innerHeight;
    const top = onScreen ? document.elementFromPoint(x, y) : null;
    const uncovered =
      top !== null && (element.contains(top) || top.contains(element));
    const why = !ring
      ? 'no focus ring'
      : !onScreen
        ? 'off screen'
        : !uncovered
          ? `covered by ${top?.outerHTML.slice(0, 80)}`
          : '';
    return {name, visible: why === '', why};
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop
 * that the focus can be seen.
 */
async function tabTo(
  page: Page,
  target: Locator,
  {backwards = false, maxPresses = 150} = {},
): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focused(page);
    expect(focus.visible, `focus on "${focus.name}": ${focus.why}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement))
      return;
  }
  throw new Error(`${maxPresses} presses of Tab did not reach ${target}`);
}

/** Waits until `region` has stopped moving: a menu sliding in, a category opening. */
async function settled(region: Locator): Promise<void> {
  await expect(region).toBeVisible();
  await region.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({subtree: true})
        .map((animation) => animation.finished),
    ),
  );
}

test.describe('a keyboard-only reader on a desktop', () => {
  test.use({viewport: {width: 1280, height: 800}});

  test('skips to the main content', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', {name: 'Skip to main content'});
    await expect(skipLink).toBeFocused();
    expect((await focused(page)).visible).toBe(true);

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const focus = await focused(page);
    expect(focus.visible, focus.why).toBe(true);
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('main') !== null,
      ),
      `after the skip link, Tab went to "${focus.name}", outside <main>`,
    ).toBe(true);
  });

  test('goes through the navbar and sidebar to a doc, its table of contents and the colour toggle', async ({
    page,
    colourToggle,
  }) => {
    // Every link, code block and table of the doc is a stop on the way to its table of contents.
    test.slow();
    await gotoHydrated(page, '/');
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await tabTo(page, navbar.getByRole('link', {name: 'Tutorial'}));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/docs/intro');
    // The URL changes before the new page has rendered and reset the focus.
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Introduction',
    );

    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    const expandGettingStarted = sidebar.getByRole('button', {
      name: "Expand sidebar category 'Getting started'",
    });
    await tabTo(page, expandGettingStarted);
    await page.keyboard.press('Enter');
    const collapseGettingStarted = sidebar.getByRole('button', {
      name: "Collapse sidebar category 'Getting started'",
    });
    await expect(collapseGettingStarted).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await settled(sidebar);

    const doc = sidebar.getByRole('link', {
      name: 'Monitor a single RPC endpoint',
    });
    await tabTo(page, doc);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Monitor a single RPC endpoint',
    );

    const firstEntry = page
      .getByRole('navigation', {name: 'On this page'})
      .getByRole('link')
      .first();
    await tabTo(page, firstEntry);
    const heading = await firstEntry.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${heading}$`));

    await tabTo(page, colourToggle('dark'), {backwards: true});
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(colourToggle('light')).toBeFocused();
    const focus = await focused(page);
    expect(focus.visible, focus.why).toBe(true);
  });
});

test.describe('a keyboard-only reader on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('stays in the open menu until closing it with Escape', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    const menuButton = page.getByRole('button', {
      name: 'Toggle navigation bar',
    });
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    const menu = page.locator('.navbar-sidebar');
    await settled(menu);
    await expect(
      menu.getByRole('button', {name: '← Back to main menu'}),
    ).toBeFocused();

    // Twice round the menu: Tab leaves the last item for the browser's own
    // controls (focus on <body>), as it does at the end of any page, and comes
    // back to the menu, never to the page behind it.
    const stops = await menu.evaluate(
      (element) => element.querySelectorAll('a, button').length,
    );
    let leftThePage = 0;
    for (let press = 0; press < stops * 2; press += 1) {
      await page.keyboard.press('Tab');
      const focus = await focused(page);
      if (await page.evaluate(() => document.activeElement === document.body)) {
        leftThePage += 1;
        continue;
      }
      expect(
        await menu.evaluate((element) =>
          element.contains(document.activeElement),
        ),
        `"${focus.name}" is behind the menu`,
      ).toBe(true);
      expect(focus.visible, `focus on "${focus.name}": ${focus.why}`).toBe(
        true,
      );
    }
    expect(leftThePage, 'times Tab went round the menu').toBeGreaterThanOrEqual(
      1,
    );

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('opens a doc from the menu and can use the page after it closes', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    await tabTo(
      page,
      page.getByRole('button', {name: 'Toggle navigation bar'}),
    );
    await page.keyboard.press('Enter');
    const menu = page.locator('.navbar-sidebar');
    await settled(menu);
    await tabTo(
      page,
      menu.getByRole('button', {name: "Expand sidebar category 'Projects'"}),
    );
    await page.keyboard.press('Enter');
    await settled(menu);
    await tabTo(page, menu.getByRole('link', {name: 'Bundles'}));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Bundles');
    await expect(menu).toBeHidden();

    await tabTo(page, page.locator('main').getByRole('link').first());
  });
});
