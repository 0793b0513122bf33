import {readFileSync} from 'node:fs';
import type {Browser, Page} from '@playwright/test';
import {test, expect} from '../support/test';
import {
  articleOf,
  codeTokens,
  islandsRendered,
  openPage,
  readPage,
  referencePage,
  servedCodeTokens,
  type Arrival,
  type Seen,
} from '../support/compare';
import {buildLog} from '../support/builds.mjs';
import {servers} from '../support/servers';

// What writers write works as in stock Docusaurus: the pages of
// tests/fixtures/compat, one for each part of Docusaurus's Markdown guide,
// are built as the site builds them (build-fixtures) and the stock way
// (build-fixtures-stock: STOCK_RENDERING=1 leaves out the plugins that change
// how pages are built and run). A reader of either sees the same article, and
// every control in it does the same, on a first load and after a client-side
// navigation, with no console error and no crash.

/** Each page, and the name of the link to it on the hub, /docs/compat. */
const pages = [
  ['/docs/compat/react', 'MDX and React'],
  ['/docs/compat/tabs', 'Tabs'],
  ['/docs/compat/code', 'Code blocks'],
  ['/docs/compat/code-jsx', 'Code blocks in JSX'],
  [
    '/docs/compat/code-jsx-whole',
    'Code blocks in JSX on a page hydrated whole',
  ],
  ['/docs/compat/admonitions', 'Admonitions and details'],
  ['/docs/compat/headings', 'Headings and the table of contents'],
  ['/docs/compat/images', 'Images'],
  ['/docs/compat/links', 'Links and anchors'],
  ['/docs/compat/head', 'Head in Markdown'],
  ['/docs/compat/comments', 'Comments in Markdown'],
  ['/docs/compat/structure', 'Components in tables and lists'],
  ['/docs/compat/details-paragraph', 'A paragraph in a paragraph'],
  ['/docs/compat/languages', 'Code in many languages'],
  ['/docs/compat/details.html', 'A slug ending in .html'],
  ['/docs/compat/trailing/', 'A slug with a trailing slash'],
  ['/docs/compat-absolute', 'An absolute slug'],
  ['/compat-page', 'An MDX page outside the docs'],
] as const;

/**
 * Pages compared after a client-side navigation only: on a first load the
 * stock build itself fails to hydrate them (React's error #418), as the
 * browser's parser splits the paragraph in a paragraph its server wrote.
 */
const afterNavigationOnly = new Set(['/docs/compat/details-paragraph']);

const builds = {
  site: servers.fixtures.url,
  stock: servers.fixturesStock.url,
};

/** A page of its own for the stock build, whose console errors are collected. */
const stockPage = (browser: Browser) => referencePage(browser, builds.stock);

/** Opens `path` on a first load, or from the hub by its link `name`. */
const open = (
  page: Page,
  base: string,
  path: string,
  name: string,
  how: Arrival,
) =>
  openPage(
    page,
    {
      base,
      path,
      hub: '/docs/compat',
      linkOf: (hub) => articleOf(hub).getByRole('link', {name, exact: true}),
    },
    how,
  );

test.describe('a writer’s pages behave as in stock Docusaurus', () => {
  test.describe.configure({timeout: 90_000});

  for (const [path, name] of pages) {
    test(`${path}, on a first load and after a client-side navigation`, async ({
      browser,
    }) => {
      // Stock renders a page's article the same whichever way the reader
      // came (one React render), so it is read once, and the site on each
      // arrival is compared with that.
      const arrivals = afterNavigationOnly.has(path)
        ? (['navigation'] as const)
        : (['first load', 'navigation'] as const);
      const expected = await readIn(
        browser,
        builds.stock,
        path,
        name,
        arrivals[0],
      );
      for (const how of arrivals)
        await test.step(how, async () => {
          expect(
            await readIn(browser, builds.site, path, name, how, expected),
          ).toEqual(expected);
        });
    });
  }
});

/**
 * What a reader of the build at `base` sees going through the page, with no
 * console error and no crash; given `expected`, waits at each step for it.
 */
async function readIn(
  browser: Browser,
  base: string,
  path: string,
  name: string,
  how: Arrival,
  expected?: Seen[],
): Promise<Seen[]> {
  const {seen, errors} = await readPage(
    browser,
    base,
    (page) => open(page, base, path, name, how),
    {expected},
  );
  expect(errors, `console errors in ${base}, ${how}`).toEqual([]);
  return seen;
}

// Code is highlighted as stock highlights it from the first paint: in the
// page as served, which a first load shows until it hydrates and a click
// fetches, and in what React renders of it, read at once. The comparison
// above waits for the page to match, and would pass code highlighted late.
test.describe('code blocks are highlighted as in stock Docusaurus from the first paint', () => {
  const codePages = pages.filter(([path]) =>
    [
      '/docs/compat/code',
      '/docs/compat/code-jsx',
      '/docs/compat/code-jsx-whole',
    ].includes(path),
  );
  for (const [path, name] of codePages)
    test(path, async ({browser}) => {
      const expected = await servedCodeTokens(browser, builds.stock, path);
      expect(
        await servedCodeTokens(browser, builds.site, path),
        'the page as served',
      ).toEqual(expected);
      for (const how of ['first load', 'navigation'] as const)
        await test.step(how, async () => {
          const reader = await referencePage(browser, builds.site);
          try {
            await open(reader.page, builds.site, path, name, how);
            await islandsRendered(reader.page);
            expect(await codeTokens(reader.page)).toEqual(expected);
            expect(reader.errors, 'console errors').toEqual([]);
          } finally {
            await reader.close();
          }
        });
    });
});

/** The links of /docs/compat/links, each followed in both builds. */
const links = [
  'A file link',
  'A file link with an anchor',
  'A route link',
  'An anchor on this page',
  'A static file',
  'An external site',
  'A Link to a route',
  'A Link to an anchor',
  'A plain anchor element',
  'The page with the .html slug',
  'The page with the trailing slash',
  'The page with the absolute slug',
];

/**
 * Where the link `name` of the links page leads: the address, the heading
 * there, and whether the page stayed. A link that opens a new window is
 * described by its address and target. Given where it leads in the stock
 * build, waits until the page shows the same (the address changes before
 * the next route has loaded) or fails.
 */
async function destination(
  page: Page,
  base: string,
  name: string,
  expected?: string,
) {
  await open(page, base, '/docs/compat/links', name, 'first load');
  const link = articleOf(page).getByRole('link', {name, exact: true});
  const target = await link.getAttribute('target');
  if (target) return `${await link.getAttribute('href')}, opened in ${target}`;
  const documents = await page.evaluate(() => performance.timeOrigin);
  await link.click();
  await page.waitForURL((url) => !url.href.endsWith('/docs/compat/links'));
  // The address changes before the next route has loaded.
  if (!new URL(page.url()).pathname.endsWith('/docs/compat/links'))
    await expect(page.getByRole('heading', {level: 1})).not.toHaveText(
      'Links and anchors',
    );
  const where = async () => {
    const url = new URL(page.url());
    const inPage = await page.evaluate(
      (origin) => performance.timeOrigin === origin,
      documents,
    );
    return `${url.pathname}${url.hash}: ${(
      await page.getByRole('heading', {level: 1}).textContent()
    )?.trim()}, ${inPage ? 'in the page' : 'loaded'}`;
  };
  if (expected) await expect.poll(where).toBe(expected);
  return where();
}

test.describe('the links of a page go where they go in stock Docusaurus', () => {
  test('the links page has these links', async ({browser}) => {
    const stock = await stockPage(browser);
    try {
      await open(
        stock.page,
        builds.stock,
        '/docs/compat/links',
        '',
        'first load',
      );
      // Each link a writer wrote: not the anchors the theme gives headings,
      // nor the page's report link.
      await expect(
        articleOf(stock.page)
          .getByRole('link')
          .and(
            stock.page.locator(
              ':not([data-markdown-ignore]) > :not(.hash-link)',
            ),
          ),
      ).toHaveText(links);
    } finally {
      await stock.close();
    }
  });

  for (const name of links) {
    test(name, async ({page, browser}) => {
      const stock = await stockPage(browser);
      try {
        const expected = await destination(stock.page, builds.stock, name);
        expect(await destination(page, builds.site, name, expected)).toBe(
          expected,
        );
        expect(stock.errors, 'console errors in the stock build').toEqual([]);
      } finally {
        await stock.close();
      }
    });
  }
});

test('an MDX partial builds without a warning about front matter it does not have', () => {
  for (const outDir of ['build-fixtures', 'build-fixtures-stock'])
    expect(readFileSync(buildLog({outDir}), 'utf8'), outDir).not.toMatch(
      /should not contain front matter/,
    );
});
