import {test, expect, gotoHydrated, waitForHydration} from '../support/test';

// A static host answers unknown paths with 404.html and status 404; Chromium
// logs that status as a console error, which is the point of these tests.
test.use({allowConsoleErrors: /status of 404/});

for (const path of [
  '/does-not-exist',
  '/docs',
  '/docs/nope',
  '/docs/intro/extra',
]) {
  test(`${path} shows the not-found page`, async ({page}) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Page Not Found',
    );
    await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible();
  });
}

test('404.html, as any .html path, is sent to its clean path, which answers the not-found page with status 404', async ({
  request,
}) => {
  const redirect = await request.get('/404.html', {maxRedirects: 0});
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe('/404');
  const response = await request.get('/404');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Page Not Found');
});

test('a client-side navigation to an unknown path shows the not-found page', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/docs/unknown-page');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Page Not Found',
  );
});

test.describe('paths ending in .html or /index.html are normalised', () => {
  const cases = [
    {
      path: '/docs/intro.html',
      normalised: '/docs/intro',
      heading: 'Introduction',
    },
    {
      path: '/docs/intro/index.html',
      normalised: '/docs/intro',
      heading: 'Introduction',
    },
    {
      path: '/markdown-page.html',
      normalised: '/markdown-page',
      heading: 'About these docs',
    },
    {
      path: '/index.html',
      normalised: '/',
      heading: 'Monitor your nodes with Nodekeeper',
    },
    {
      path: '/docs/projects/yaml.html?from=old#top-level-keys',
      normalised: '/docs/projects/yaml?from=old#top-level-keys',
      heading: 'nodekeeper.yaml reference',
    },
  ];
  for (const {path, normalised, heading} of cases) {
    test(`${path} shows the page of ${normalised}, once`, async ({page}) => {
      await gotoHydrated(page, path);
      await expect(page).toHaveURL(normalised);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(heading);
      await expect(page.locator('main')).toHaveCount(1);
    });
  }
});
