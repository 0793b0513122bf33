import {
  test,
  expect,
  waitForHydration,
  routes,
  onePageOfEachKind,
  followTutorialLink,
} from '../support/test';
import {servers} from '../support/servers';

// The site built with BASE_URL=/sub/ (tests/support/build-sites.mjs).
test.use({baseURL: servers.subPath.url});

/** Site links carry the base path; hash and external links are left alone. */
function expectLinksUnderBase(hrefs: string[], where: string) {
  const siteLinks = hrefs.filter((href) => href.startsWith('/'));
  const hashLinks = hrefs.filter((href) => href.startsWith('#'));
  const externalLinks = hrefs.filter((href) => /^https?:/.test(href));

  expect(siteLinks.length, where).toBeGreaterThan(0);
  expect(
    siteLinks.filter((href) => !href.startsWith('/sub/')),
    `${where}: site links without the base path`,
  ).toEqual([]);
  expect(hashLinks, `${where}: the skip link keeps its bare hash`).toContain(
    '#__docusaurus_skipToContent_fallback',
  );
  expect(externalLinks, where).toContain('https://github.com/nodekeeper');
  expect(
    externalLinks.filter((href) => href.includes('/sub/')),
    `${where}: external links are not rewritten`,
  ).toEqual([]);
  expect([...siteLinks, ...hashLinks, ...externalLinks], where).toHaveLength(
    hrefs.length,
  );
}

// Every route as served; the links a page's code renders are those of its
// layout, so each kind of page is checked once hydrated too.
test('under /sub/, every route as served prefixes site links and leaves hash and external links alone', async ({
  request,
}) => {
  for (const {path} of routes) {
    const html = await (await request.get(`/sub${path}`)).text();
    const hrefs = Array.from(
      html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g),
      ([, href]) => href.replaceAll('&amp;', '&'),
    );
    expectLinksUnderBase(hrefs, `/sub${path} as served`);
  }
});

for (const {path, heading} of onePageOfEachKind) {
  test(`under /sub/, ${path} once hydrated prefixes site links and leaves hash and external links alone`, async ({
    page,
  }) => {
    await page.goto(`/sub${path}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(heading);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
    expectLinksUnderBase(hrefs, `/sub${path} hydrated`);
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
