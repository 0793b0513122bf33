import {
  test,
  expect,
  waitForHydration,
  routes,
  followTutorialLink,
} from '../support/test';
import {servers} from '../support/servers';

// The site built with BASE_URL=/sub/ (tests/support/build-sites.mjs).
test.use({baseURL: servers.subPath.url});

for (const {path, heading} of routes) {
  test(`under /sub/, ${path} prefixes site links and leaves hash and external links alone`, async ({
    page,
  }) => {
    await page.goto(`/sub${path}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(heading);

    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
    const siteLinks = hrefs.filter((href) => href.startsWith('/'));
    const hashLinks = hrefs.filter((href) => href.startsWith('#'));
    const externalLinks = hrefs.filter((href) => /^https?:/.test(href));

    expect(siteLinks.length).toBeGreaterThan(0);
    expect(
      siteLinks.filter((href) => !href.startsWith('/sub/')),
      'site links without the base path',
    ).toEqual([]);
    expect(hashLinks, 'the skip link keeps its bare hash').toContain(
      '#__docusaurus_skipToContent_fallback',
    );
    expect(externalLinks).toContain('https://github.com/nodekeeper');
    expect(
      externalLinks.filter((href) => href.includes('/sub/')),
      'external links are not rewritten',
    ).toEqual([]);
    expect([...siteLinks, ...hashLinks, ...externalLinks]).toHaveLength(
      hrefs.length,
    );
  });
}

test('under /sub/, assets, the logo and client-side navigation use the base path', async ({
  page,
}) => {
  await page.goto('/sub/');
  await waitForHydration(page);
  await expect(
    page.getByRole('img', {name: 'Nodekeeper logo'}),
  ).toHaveAttribute('src', '/sub/img/logo.svg');
  await followTutorialLink(page);
});
