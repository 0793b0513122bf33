// Each doc says what it is, to agents and search engines: its Markdown copy
// in its head and in a Link header, and schema.org JSON-LD (plugins/content/doc-identity)
// that matches what the reader sees; and it links to a new issue about it.
import type {APIRequestContext, Page, Response} from '@playwright/test';
import {expect} from '../test';
import {product} from '../../../src/product.mjs';

const siteUrl = product.siteUrl;

type Thing = Record<string, unknown> & {'@type': string};
type ListItem = {'@type': string; position: number; name: string; item: string};

/** The page's one JSON-LD graph. */
export async function structuredData(page: Page): Promise<Thing[]> {
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

/**
 * The doc at `path`, whose h1 is `heading`, loaded in `page` with `response`:
 * names its Markdown copy in its head and its Link header, links to a new
 * issue about it, and its JSON-LD says what the page shows.
 */
export async function expectDocIdentity(
  page: Page,
  request: APIRequestContext,
  response: Response | null,
  {path, heading}: {path: string; heading: string},
): Promise<void> {
  expect(response?.headers()['link']).toBe(
    `<${path}.md>; rel="alternate"; type="text/markdown"`,
  );
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
}
