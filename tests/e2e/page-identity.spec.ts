import type {Page} from '@playwright/test';
import {
  test,
  expect,
  routes,
  gotoHydrated,
  nextDocLink,
  waitForHydration,
} from '../support/test';
import {product} from '../../src/product.mjs';

// Each doc says what it is, to agents and search engines: its Markdown copy
// in its head and in a Link header, and schema.org JSON-LD (plugins/doc-page)
// that matches what the reader sees; the changelog has an Atom feed
// (plugins/changelog-feed); and every doc links to a new issue about it.

const docs = routes.filter(
  ({path}) => path.startsWith('/docs/') && !path.startsWith('/docs/category/'),
);
const siteUrl = product.siteUrl;

type Thing = Record<string, unknown> & {'@type': string};
type ListItem = {'@type': string; position: number; name: string; item: string};

async function structuredData(page: Page): Promise<Thing[]> {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const data = JSON.parse((await scripts.textContent()) ?? '') as {
    '@context': string;
    '@graph': Thing[];
  };
  expect(data['@context']).toBe('https://schema.org');
  return data['@graph'];
}

/** The breadcrumb as the reader sees it, after the home link: each crumb's text, its address when it links, and whether it is the page. */
function visibleBreadcrumb(page: Page) {
  return page
    .getByRole('navigation', {name: 'Breadcrumbs'})
    .evaluate((nav) =>
      Array.from(nav.querySelectorAll('li'))
        .filter((crumb) => !crumb.querySelector('a[aria-label="Home page"]'))
        .map((crumb) => ({
          name: crumb.innerText.trim(),
          href: crumb.querySelector('a')?.getAttribute('href') ?? null,
          current: crumb.classList.contains('breadcrumbs__item--active'),
        })),
    )
    .catch(() => []);
}

for (const {path, heading} of docs) {
  test(`${path} names its Markdown copy in its head and its Link header, links to a new issue about it, and its JSON-LD says what the page shows`, async ({
    page,
    request,
  }) => {
    const response = await page.goto(path);
    expect(response?.headers()['link']).toBe(
      `<${path}.md>; rel="alternate"; type="text/markdown"`,
    );
    await waitForHydration(page);
    const report = page.getByRole('link', {
      name: 'Report a problem with this page',
    });
    const issue = new URL((await report.getAttribute('href')) ?? '');
    expect(issue.origin + issue.pathname).toBe(
      `${product.docsRepository}/issues/new`,
    );
    expect(issue.searchParams.get('title')).toBe(`Problem with "${heading}"`);
    expect(issue.searchParams.get('body')).toContain(`Page: ${siteUrl}${path}`);

    const alternate = page.locator(
      'head link[rel="alternate"][type="text/markdown"]',
    );
    await expect(alternate).toHaveCount(1);
    await expect(alternate).toHaveAttribute('href', `${path}.md`);
    const copy = await request.get(`${path}.md`);
    expect(copy.status()).toBe(200);
    expect(copy.headers()['content-type']).toContain('text/markdown');

    const graph = await structuredData(page);
    const article = graph.find((thing) => thing['@type'] === 'TechArticle');
    expect(article, 'a TechArticle').toBeDefined();
    // What schema.org's TechArticle and search engines' rules need of it.
    expect(article).toMatchObject({
      headline: heading,
      url: siteUrl + path,
      mainEntityOfPage: siteUrl + path,
      inLanguage: 'en',
      publisher: {
        '@type': 'Organization',
        name: product.name,
        url: `${siteUrl}/`,
      },
    });
    expect(article!.description).toBe(
      await page.locator('meta[name="description"]').getAttribute('content'),
    );
    // The date the page's last-updated line shows.
    const shown = await page
      .locator('.theme-last-updated time')
      .getAttribute('datetime');
    expect(article!.dateModified).toBe(shown);
    expect(new Date(String(article!.dateModified)).toISOString()).toBe(
      article!.dateModified,
    );

    const crumbs = await visibleBreadcrumb(page);
    const list = graph.find((thing) => thing['@type'] === 'BreadcrumbList');
    const linked = crumbs.filter((crumb) => crumb.href || crumb.current);
    if (linked.length === 0) {
      expect(list).toBeUndefined();
      return;
    }
    const items = (list?.itemListElement ?? []) as ListItem[];
    expect(
      items.map(({name}) => name),
      'the BreadcrumbList lists the breadcrumbs that have a page',
    ).toEqual(linked.map(({name}) => name));
    items.forEach((item, index) => {
      expect(item['@type']).toBe('ListItem');
      expect(item.position).toBe(index + 1);
      expect(item.item).toBe(siteUrl + (linked[index].href ?? path));
    });
  });
}

test('after a client-side navigation the head names the new page’s Markdown copy, and the page holds its JSON-LD alone', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/projects/intro');
  await nextDocLink(page).click();
  await expect(page).toHaveURL(/\/docs\/projects\/bundles$/);
  await expect(
    page.locator('head link[rel="alternate"][type="text/markdown"]'),
  ).toHaveAttribute('href', '/docs/projects/bundles.md');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Bundles');
  const graph = await structuredData(page);
  expect(graph[0]).toMatchObject({'@type': 'TechArticle', headline: 'Bundles'});
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
  expect(feed.entries[0].titles[0]).toBe('CLI 1.4');
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
