import {test, expect, waitForHydration} from '../support/test';
import {servers} from '../support/servers';

// The host answers a path that names no page with 404.html; Chromium logs the
// status as a console error. Anything else on the console fails the test.
test.use({allowConsoleErrors: /status of 404/});

test.beforeEach(async ({page}) => {
  page.on('dialog', (dialog) => {
    throw new Error(`a path ran as a script: ${dialog.message()}`);
  });
});

// nginx refuses these as bad requests (they cannot be decoded, or climb out
// of the site), and answers them with the not-found page.
const badRequests = {
  'a lone percent sign': '/docs/%',
  'a percent escape cut short': '/docs/%E0%A4%A',
  'a traversal': '/docs/..%2F..%2F..%2Fetc%2Fpasswd',
};

test.describe('refused by nginx', () => {
  // Chromium logs the status as an error, and the 404 of the path the page
  // then sends the reader to, its stray "%" escaped; nothing else may be logged.
  test.use({allowConsoleErrors: /status of 40[04]/});
  for (const [kind, path] of Object.entries(badRequests)) {
    test(`a path with ${kind} answers 400 Bad Request with the not-found page`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(400);
      await waitForHydration(page);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(
        'Page Not Found',
      );
    });
  }
});

const notFound = {
  unicode: '/docs/ünïcødé',
  'an emoji': '/docs/%F0%9F%A6%84',
  'a script tag': '/<script>alert(1)</script>',
  'an attribute breaking out': '/docs/"><img src=x onerror=alert(1)>',
  'an encoded slash to no page': '/docs%2Fnope',
  'a very long segment': `/docs/${'a'.repeat(4000)}`,
  'very many segments': `/docs/${'deep/'.repeat(500)}`,
};

for (const [kind, path] of Object.entries(notFound)) {
  test(`a path with ${kind} shows the not-found page`, async ({page}) => {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Page Not Found',
    );
    await expect(
      page
        .getByRole('navigation', {name: 'Main'})
        .getByRole('link', {name: 'Tutorial'}),
    ).toBeVisible();
  });
}

// Hosts resolve these to a page, as this test server does; the client must
// then show that page, not a hydration error.
const servedPages = {
  'an encoded slash': '/docs%2Fintro',
  'a doubled slash': '/docs//intro',
};

for (const [kind, path] of Object.entries(servedPages)) {
  test(`a path with ${kind} that the host resolves shows that page`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page).toHaveURL('/docs/intro');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Introduction',
    );
    await expect(page.locator('main')).toHaveCount(1);
  });
}

// The host has no page under another letter case and answers 404.html; the
// client router, matching without regard to case, would take it for the page.
const otherCase = {
  '/Docs/Intro': {page: '/docs/intro', heading: 'Introduction'},
  '/DOCS/PROJECTS/YAML.HTML?from=old#nodes': {
    page: '/docs/projects/yaml?from=old#nodes',
    heading: 'nodekeeper.yaml reference',
  },
  [`${servers.subPath.url}Docs/Intro`]: {
    page: `${servers.subPath.url}docs/intro`,
    heading: 'Introduction',
  },
};

for (const [path, {page: pagePath, heading}] of Object.entries(otherCase)) {
  test(`${path} in another letter case shows the page at ${pagePath}`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page).toHaveURL(pagePath);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(heading);
    await expect(page.locator('main')).toHaveCount(1);
  });
}

test('a path in another letter case to no page shows the not-found page', async ({
  page,
}) => {
  await page.goto('/Docs/Nope');
  await waitForHydration(page);
  await expect(page).toHaveURL('/docs/nope');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Page Not Found',
  );
});
