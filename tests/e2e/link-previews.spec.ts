import {readFileSync} from 'node:fs';
import type {APIRequestContext, Browser, Page} from '@playwright/test';
import {
  test,
  expect,
  gotoHydrated,
  openFromSidebar,
  routes,
} from '../support/test';
import {servers, subPathOrigin} from '../support/servers';

// A link pasted in a chat is previewed from the page's HTML as served, so the
// meta tags are read from the prerendered page, with JavaScript off.
const siteUrl = 'https://docs.nodekeeper.example';
const docRoutes = routes.filter(
  ({path}) => path.startsWith('/docs/') && !path.includes('/category/'),
);
const otherRoutes = routes.filter((route) => !docRoutes.includes(route));

/** A doc's front matter value for `key`, from its source file. */
function frontMatter(path: string, key: string): string {
  const source = readFileSync(
    `docs/${path.replace(/^\/docs\//, '')}.md`,
    'utf8',
  );
  const value = new RegExp(`^---\\n[\\s\\S]*?^${key}: (.+)$`, 'm').exec(
    source,
  )?.[1];
  expect(value, `${path} has a ${key}`).toBeDefined();
  return value!;
}

/** The preview meta tags of `path` as served, read with JavaScript off. */
async function previewTags(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({baseURL, javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(path);
  const tags = await page
    .locator('meta[property^="og:"], meta[name^="twitter:"]')
    .evaluateAll((metas) =>
      metas.map((meta) => [
        meta.getAttribute('property') ?? meta.getAttribute('name'),
        meta.getAttribute('content'),
      ]),
    );
  await context.close();
  const names = tags.map(([name]) => name);
  expect(names, `${path} names each tag once`).toEqual([...new Set(names)]);
  return Object.fromEntries(tags) as Record<string, string>;
}

/** The card an og:image URL names, fetched from the test server by its path. */
async function fetchCard(request: APIRequestContext, imageUrl: string) {
  const response = await request.get(new URL(imageUrl).pathname);
  expect(response.status(), imageUrl).toBe(200);
  expect(response.headers()['content-type'], imageUrl).toBe('image/png');
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString(), `${imageUrl} is a PNG`).toBe('PNG');
  expect(
    [bytes.readUInt32BE(16), bytes.readUInt32BE(20)],
    `${imageUrl} is 1200 x 630`,
  ).toEqual([1200, 630]);
  expect(
    bytes.length,
    `${imageUrl} is within the 50 KB image budget`,
  ).toBeLessThanOrEqual(50 * 1024);
  return bytes;
}

test('every doc has its own title, description, card, type and card size in its meta tags', async ({
  browser,
  baseURL,
  request,
}) => {
  // A page load per doc: the time allowed grows with the docs.
  test.setTimeout(docRoutes.length * 5_000);
  const cards = new Map<string, Buffer>();
  for (const {path} of docRoutes) {
    const tags = await previewTags(browser, baseURL!, path);
    const title = frontMatter(path, 'title');
    expect(tags['og:title'], path).toBe(`${title} | Nodekeeper Documentation`);
    expect(tags['og:description'], path).toBe(frontMatter(path, 'description'));
    expect(tags['og:type'], path).toBe('article');
    expect(tags['og:url'], path).toBe(siteUrl + path);
    expect(tags['twitter:card'], path).toBe('summary_large_image');
    expect(tags['og:image'], path).toMatch(
      new RegExp(`^${siteUrl}/img/social-cards/.+\\.png$`),
    );
    expect(tags['twitter:image'], path).toBe(tags['og:image']);
    cards.set(path, await fetchCard(request, tags['og:image']));
  }
  const distinct = new Set(
    [...cards.values()].map((bytes) => bytes.toString('base64')),
  );
  expect(distinct.size, 'each doc has a card of its own').toBe(
    docRoutes.length,
  );
});

test("the other pages keep the site's card", async ({
  browser,
  baseURL,
  request,
}) => {
  for (const {path} of otherRoutes) {
    const tags = await previewTags(browser, baseURL!, path);
    expect(tags['og:image'], path).toBe(`${siteUrl}/img/social-card.png`);
    expect(tags['og:type'], path).toBeUndefined();
    expect(tags['twitter:card'], path).toBe('summary_large_image');
  }
  await fetchCard(request, `${siteUrl}/img/social-card.png`);
});

test("a doc's card shows in the browser, and moving to another doc names that doc's card", async ({
  page,
}) => {
  const ogImage = (currentPage: Page) =>
    currentPage.locator('meta[property="og:image"]');
  await gotoHydrated(page, '/docs/intro');
  await expect(ogImage(page)).toHaveAttribute(
    'content',
    `${siteUrl}/img/social-cards/intro.png`,
  );
  const shown = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, '/img/social-cards/intro.png');
  expect(shown).toEqual([1200, 630]);

  await openFromSidebar(
    page,
    ['Getting started', 'Monitor a single RPC endpoint'],
    'Monitor a single RPC endpoint',
  );
  await expect(ogImage(page)).toHaveCount(1);
  await expect(ogImage(page)).toHaveAttribute(
    'content',
    `${siteUrl}/img/social-cards/getting-started/single-rpc.png`,
  );
});

test.describe('under /sub/', () => {
  test.use({baseURL: servers.subPath.url});

  test("a doc's card is named and served under the base path, at the origin SITE_URL gave the build", async ({
    browser,
    request,
  }) => {
    const tags = await previewTags(
      browser,
      servers.subPath.url,
      '/sub/docs/projects/yaml',
    );
    expect(tags['og:image']).toBe(
      `${subPathOrigin}/sub/img/social-cards/projects/yaml.png`,
    );
    expect(tags['og:url']).toBe(`${subPathOrigin}/sub/docs/projects/yaml`);
    await fetchCard(request, tags['og:image']);
  });
});
