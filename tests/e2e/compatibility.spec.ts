import {readFileSync} from 'node:fs';
import type {Browser, Page} from '@playwright/test';
import {test, expect, layOutInFull, waitForHydration} from '../support/test';
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
  ['/docs/compat/admonitions', 'Admonitions and details'],
  ['/docs/compat/headings', 'Headings and the table of contents'],
  ['/docs/compat/images', 'Images'],
  ['/docs/compat/links', 'Links and anchors'],
  ['/docs/compat/head', 'Head in Markdown'],
  ['/docs/compat/comments', 'Comments in Markdown'],
  ['/docs/compat/structure', 'Components in tables and lists'],
  ['/docs/compat/languages', 'Code in many languages'],
  ['/docs/compat/details.html', 'A slug ending in .html'],
  ['/docs/compat/trailing/', 'A slug with a trailing slash'],
  ['/docs/compat-absolute', 'An absolute slug'],
  ['/compat-page', 'An MDX page outside the docs'],
] as const;

const builds = {
  site: servers.fixtures.url,
  stock: servers.fixturesStock.url,
};

/** What a reader sees of the page now. */
type Seen = {
  readonly url: string;
  readonly text: string;
  readonly images: string[];
  readonly pressed: string[];
  readonly head: string[];
  readonly marked: string[];
  readonly parents: string[];
  readonly colours: string[];
};

/** What the writer wrote: a doc's Markdown, or a page's article. */
const articleOf = (page: Page) =>
  page.locator(
    '.theme-doc-markdown, main article:not(:has(.theme-doc-markdown))',
  );

async function seen(page: Page): Promise<Seen> {
  const url = new URL(page.url());
  const article = articleOf(page);
  await layOutInFull(page);
  return {
    url: url.pathname + url.search + url.hash,
    text: (await article.innerText()).replace(/\s+/g, ' ').trim(),
    // Each image shown, by its text and its file (without the bundler's hash).
    images: await article
      .locator('img')
      .evaluateAll((images) =>
        images
          .filter((image) => (image as HTMLElement).offsetParent !== null)
          .map(
            (image) =>
              `${(image as HTMLImageElement).alt}: ${(
                image as HTMLImageElement
              ).src
                .replace(/^.*\//, '')
                .replace(/-[0-9a-f]{8}(?=\.)/, '')}`,
          ),
      ),
    // What the page's <Head>, or a <head> in its Markdown, sets.
    head: [
      await page.title(),
      ...(await page
        .locator(
          'head :is(meta[name^="compat"], meta[name="description"], link[rel="canonical"])',
        )
        .evaluateAll((elements) =>
          elements.map(
            (element) =>
              element.getAttribute('content') ?? element.getAttribute('href')!,
          ),
        )),
    ],
    // Where the elements whose parent HTML restricts stand: an element
    // around them would show here (and in the text, were it moved).
    parents: await article
      .locator('li, tr, td, th, tbody, thead, dt, dd, option, summary')
      .evaluateAll((elements) =>
        elements.map(
          (element) =>
            `${element.localName} in ${element.parentElement?.localName}`,
        ),
      ),
    // The colour of every code token shown, as the browser computes it.
    colours: await article.locator('.prism-code .token').evaluateAll((tokens) =>
      tokens
        .filter((token) => (token as HTMLElement).offsetParent !== null)
        .map((token) => {
          const style = getComputedStyle(token);
          return `${token.textContent}: ${style.color} ${style.fontStyle} ${style.opacity}`;
        }),
    ),
    // Each code line shown that a magic comment or a range marks, by its class.
    marked: await article
      .locator(
        '.token-line:is(.theme-code-block-highlighted-line, .code-block-error-line)',
      )
      .evaluateAll((lines) =>
        lines
          .filter((line) => (line as HTMLElement).offsetParent !== null)
          .map(
            (line) =>
              `${line.classList.contains('code-block-error-line') ? 'error' : 'highlighted'}: ${line.textContent?.trim()}`,
          ),
      ),
    pressed: await article
      .locator('[aria-pressed="true"], [aria-selected="true"], details[open]')
      .evaluateAll((elements) =>
        elements.map((element) => element.textContent?.trim() ?? ''),
      ),
  };
}

/** The controls of the article a reader can reach now. */
const controls = (page: Page) =>
  articleOf(page).locator(
    'button:visible, summary:visible, input:visible, [role="tab"]:visible',
  );

/** Until the page has painted what the last step changed. */
const nextFrame = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(resolve)),
      ),
  );

/**
 * Goes through the article as a reader: down to its end (islands near the
 * view wake), then each control in turn, typed into or clicked, then the
 * colour mode switched. Returns what the reader saw after each step; given
 * what a reader of the stock build saw, waits at each step until the page
 * shows the same (an island may still be loading its code) or fails.
 */
async function readThrough(page: Page, expected?: Seen[]): Promise<Seen[]> {
  const steps: Seen[] = [];
  const record = async () => {
    await nextFrame(page);
    const step = expected?.[steps.length];
    if (step)
      await expect
        .poll(() => seen(page), {message: `step ${steps.length}`})
        .toEqual(step);
    steps.push(await seen(page));
  };
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    scrollTo(0, 0);
  });
  await record();
  for (let index = 0; ; index += 1) {
    const control = controls(page).nth(index);
    if (!(await control.count())) break;
    const tag = await control.evaluate((element) => element.localName);
    if (tag === 'input') await control.fill(`typed ${index}`);
    else await control.click();
    await record();
  }
  await page
    .getByRole('navigation', {name: 'Main'})
    .getByRole('button', {name: 'Switch to dark mode', exact: true})
    .click();
  await record();
  return steps;
}

/** A page of its own for the stock build, whose console errors are collected. */
async function stockPage(browser: Browser) {
  const context = await browser.newContext({baseURL: builds.stock});
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  return {page, errors, close: () => context.close()};
}

/** Opens `path` on a first load, or from the hub by its link. */
async function open(
  page: Page,
  base: string,
  path: string,
  name: string,
  how: 'first load' | 'navigation',
) {
  if (how === 'first load') {
    await page.goto(new URL(path, base).href);
    await waitForHydration(page);
    return;
  }
  await page.goto(new URL('/docs/compat', base).href);
  await waitForHydration(page);
  const documents = await page.evaluate(() => performance.timeOrigin);
  await articleOf(page).getByRole('link', {name, exact: true}).click();
  await expect(page).toHaveURL(new URL(path, base).href);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  expect(
    await page.evaluate(() => performance.timeOrigin),
    'the link routes in the page',
  ).toBe(documents);
}

test.describe('a writer’s pages behave as in stock Docusaurus', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});
  test.describe.configure({timeout: 60_000});

  for (const how of ['first load', 'navigation'] as const) {
    for (const [path, name] of pages) {
      test(`${path}, ${how === 'first load' ? 'on a first load' : 'after a client-side navigation'}`, async ({
        page,
        browser,
      }) => {
        const stock = await stockPage(browser);
        try {
          await stock.page
            .context()
            .grantPermissions(['clipboard-read', 'clipboard-write']);
          await open(stock.page, builds.stock, path, name, how);
          const expected = await readThrough(stock.page);
          expect(stock.errors, 'console errors in the stock build').toEqual([]);

          await open(page, builds.site, path, name, how);
          expect(await readThrough(page, expected)).toEqual(expected);
          await expect(page.getByText('This page crashed.')).toHaveCount(0);
        } finally {
          await stock.close();
        }
      });
    }
  }
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
      // Each link a writer wrote: not the anchors the theme gives headings.
      await expect(
        articleOf(stock.page)
          .getByRole('link')
          .and(stock.page.locator(':not(.hash-link)')),
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
