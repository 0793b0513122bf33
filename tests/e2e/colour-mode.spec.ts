import {
  test,
  expect,
  gotoHydrated,
  waitForHydration,
  hydrated,
} from '../support/test';

const html = (page: import('@playwright/test').Page) => page.locator('html');

test('the default is light, with a toggle that offers dark', async ({
  page,
  colourToggle,
}) => {
  await gotoHydrated(page, '/');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  const toggle = colourToggle('dark');
  await expect(toggle).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});

test('the toggle switches between light and dark and says what it will do', async ({
  page,
  colourToggle,
}) => {
  await gotoHydrated(page, '/docs/intro');
  await colourToggle('dark').click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await colourToggle('light').click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect(colourToggle('dark')).toBeVisible();
});

test('the choice persists in local storage under "theme"', async ({
  page,
  colourToggle,
}) => {
  await gotoHydrated(page, '/');
  await colourToggle('dark').click();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await gotoHydrated(page, '/docs/projects/yaml');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
});

test.describe('when the system prefers dark', () => {
  test.use({colorScheme: 'dark'});

  test('the site stays light: the system preference is not followed', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    expect(
      await page.evaluate(
        () => matchMedia('(prefers-color-scheme: dark)').matches,
      ),
    ).toBe(true);
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
  });
});

test('a dark page names its toggle right before the scripts load', async ({
  page,
  colourToggle,
  scripts,
}) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  scripts.hold();
  await page.goto('/', {waitUntil: 'commit'});
  await page.getByRole('navigation', {name: 'Main'}).waitFor();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator(hydrated)).toHaveCount(0);
  await expect(colourToggle('light')).toHaveCount(1);
  await expect(colourToggle('dark')).toHaveCount(0);

  scripts.release();
  await waitForHydration(page);
  await expect(colourToggle('light')).toBeEnabled();
});
