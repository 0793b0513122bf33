import {test, expect, routes, gotoHydrated, nextDocLink} from '../support/test';
import {structuredData} from '../support/route-checks/identity';
import {product} from '../../src/product.mjs';

// Each doc says what it is, to agents and search engines: its Markdown copy
// in its head and in a Link header, schema.org JSON-LD (plugins/content/doc-identity)
// that matches what the reader sees, and a link to a new issue about it,
// checked on every doc's one load in routes.spec.ts
// (tests/support/route-checks/identity.ts); here, what changes at a
// navigation, the changelog's Atom feed (plugins/outputs/changelog-feed), and the
// report link's section.

const siteUrl = product.siteUrl;

test('after a client-side navigation the head names the new page’s Markdown copy, and the page holds its JSON-LD alone', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/projects/intro');
  await nextDocLink(page).click();
  await expect(page).toHaveURL(/\/docs\/projects\/ci$/);
  await expect(
    page.locator('head link[rel="alternate"][type="text/markdown"]'),
  ).toHaveAttribute('href', '/docs/projects/ci.md');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Apply from CI',
  );
  const graph = await structuredData(page);
  expect(graph[0]).toMatchObject({
    '@type': 'TechArticle',
    headline: 'Apply from CI',
  });
});

test('the changelog’s Atom feed holds what RFC 4287 requires, an entry a release, each linking to its section', async ({
  page,
  request,
}) => {
  const response = await request.get('/changelog.atom');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(
    'application/atom+xml; charset=utf-8',
  );
  const text = await response.text();
  await gotoHydrated(page, '/docs/operations/changelog');
  const feed = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const atom = 'http://www.w3.org/2005/Atom';
    const child = (parent: Element, name: string) =>
      Array.from(parent.children).filter(
        (element) =>
          element.namespaceURI === atom && element.localName === name,
      );
    const root = doc.documentElement;
    return {
      parseError: doc.querySelector('parsererror')?.textContent ?? null,
      root: `${root.namespaceURI} ${root.localName}`,
      counts: Object.fromEntries(
        ['id', 'title', 'updated', 'author'].map((name) => [
          name,
          child(root, name).length,
        ]),
      ),
      self: child(root, 'link')
        .find((l) => l.getAttribute('rel') === 'self')
        ?.getAttribute('href'),
      updated: child(root, 'updated')[0]?.textContent,
      entries: child(root, 'entry').map((entry) => ({
        ids: child(entry, 'id').map((e) => e.textContent),
        titles: child(entry, 'title').map((e) => e.textContent),
        updated: child(entry, 'updated').map((e) => e.textContent),
        links: child(entry, 'link').map((e) => e.getAttribute('href')),
      })),
    };
  }, text);
  expect(feed.parseError).toBeNull();
  expect(feed.root).toBe('http://www.w3.org/2005/Atom feed');
  expect(feed.counts).toEqual({id: 1, title: 1, updated: 1, author: 1});
  expect(feed.self).toBe(`${siteUrl}/changelog.atom`);
  const rfc3339 =
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;
  expect(feed.updated).toMatch(rfc3339);
  // The page's CLI releases and bundle versions, each an entry.
  const releases = await page
    .getByRole('heading', {level: 3})
    .filter({hasText: /\d{4}/})
    .count();
  expect(releases).toBeGreaterThan(0);
  expect(feed.entries.length).toBeGreaterThan(releases);
  const ids = feed.entries.flatMap((entry) => entry.ids);
  expect(new Set(ids).size).toBe(feed.entries.length);
  for (const entry of feed.entries) {
    expect(entry.ids).toHaveLength(1);
    expect(entry.titles).toHaveLength(1);
    expect(entry.updated).toHaveLength(1);
    expect(entry.updated[0]).toMatch(rfc3339);
    expect(entry.links).toHaveLength(1);
    const link = new URL(entry.links[0]!);
    expect(link.origin + link.pathname).toBe(
      `${siteUrl}/docs/operations/changelog`,
    );
    await expect(
      page.locator(`[id="${link.hash.slice(1)}"]`),
      `${entry.titles[0]} links to a section of the page`,
    ).toHaveCount(1);
  }
  // Newest first: a reader's feed shows the latest change on top.
  const updated = feed.entries.map((entry) => entry.updated[0]!);
  expect(updated).toEqual([...updated].sort().reverse());
});

test('every page’s head names the changelog’s feed, and so does llms.txt', async ({
  request,
}) => {
  for (const {path} of routes) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Nodekeeper changelog" href="/changelog.atom">',
    );
  }
  const llmsTxt = await (await request.get('/llms.txt')).text();
  expect(llmsTxt).toContain(`${siteUrl}/changelog.atom`);
});

test('a report names the section in view when the reader clicks it', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/projects/cli');
  const heading = page.getByRole('heading', {level: 2}).nth(2);
  const id = await heading.getAttribute('id');
  await heading.evaluate((element) => element.scrollIntoView());
  await expect(
    page.locator('a.table-of-contents__link--active'),
  ).toHaveAttribute('href', `#${id}`);
  // The click is held here: the test reads the address the click gave the
  // link. Dispatched, it leaves the page where it is.
  await page.evaluate(() =>
    document.addEventListener('click', (event) => event.preventDefault()),
  );
  const link = page.getByRole('link', {
    name: 'Report a problem with this page',
  });
  const body = async () =>
    new URL((await link.getAttribute('href')) ?? '').searchParams.get('body');
  await link.dispatchEvent('click');
  expect(await body()).toContain(`Page: ${siteUrl}/docs/projects/cli`);
  expect(await body()).toMatch(
    new RegExp(`\\nSection: http://[^/]+/docs/projects/cli#${id}$`),
  );
  // A second click names the section in view then, in place of the first.
  await link.click();
  const last = await page
    .locator('a.table-of-contents__link--active')
    .getAttribute('href');
  expect(last).not.toBe(`#${id}`);
  expect((await body())?.match(/Section: /g)).toHaveLength(1);
  expect(await body()).toMatch(new RegExp(`Section: \\S+${last}$`));
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});
  test('the report link still names the page', async ({page}) => {
    await page.goto('/docs/alerts/webhooks');
    const href = await page
      .getByRole('link', {name: 'Report a problem with this page'})
      .getAttribute('href');
    expect(new URL(href ?? '').searchParams.get('body')).toContain(
      `Page: ${siteUrl}/docs/alerts/webhooks`,
    );
  });
});
