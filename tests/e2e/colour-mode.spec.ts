import {test, expect, gotoHydrated, waitForHydration, hydrated} from '../support/test';

const html = (page: import('@playwright/test').Page) => page.locator('html');

test('the default is light, with a toggle that offers dark', async ({page}) => {
  await gotoHydrated(page, '/');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  const toggle = page.getByRole('button', {name: 'Switch to dark mode', exact: true});
  await expect(toggle).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});

test('the toggle switches between light and dark and says what it will do', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  await page.getByRole('button', {name: 'Switch to dark mode', exact: true}).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', {name: 'Switch to light mode', exact: true}).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', {name: 'Switch to dark mode', exact: true})).toBeVisible();
});

test('the choice persists in local storage under "theme"', async ({page}) => {
  await gotoHydrated(page, '/');
  await page.getByRole('button', {name: 'Switch to dark mode', exact: true}).click();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await gotoHydrated(page, '/docs/projects/yaml');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
});

test.describe('when the system prefers dark', () => {
  test.use({colorScheme: 'dark'});

  test('the site stays light: the system preference is not followed', async ({page}) => {
    await gotoHydrated(page, '/');
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
  });
});

test('a dark page names its toggle right before the scripts load', async ({page}) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/js/**', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/', {waitUntil: 'commit'});
  await page.getByRole('navigation', {name: 'Main'}).waitFor();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator(hydrated)).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'Switch to light mode', exact: true})).toHaveCount(1);
  await expect(page.getByRole('button', {name: 'Switch to dark mode', exact: true})).toHaveCount(0);

  releaseScripts();
  await waitForHydration(page);
  await expect(page.getByRole('button', {name: 'Switch to light mode', exact: true})).toBeEnabled();
});
