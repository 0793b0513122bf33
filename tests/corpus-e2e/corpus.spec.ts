import {existsSync, readFileSync} from 'node:fs';
import {test, expect, type Page} from '@playwright/test';
import {waitForHydration} from '../support/test';
import {articleOf, readThrough, referencePage} from '../support/compare';
import {
  control,
  corpusPages,
  corpusServers,
  hubOf,
  hubPath,
} from '../support/corpus';

// Other projects' docs (tests/corpus) as this site builds them
// (build-corpus) and as stock builds them (build-corpus-stock): a reader of
// either sees the same article (text, headings, images loaded, code blocks
// and the colour of each token in light and dark mode), and every tab,
// details and button in it does the same, on a first load and after a
// client-side navigation from the corpus hub, with no console error stock
// does not also give and no crash. With CORPUS_CONTROL=1 the stock build is
// compared with itself, served again: that run shows the comparison stable.

const pages = corpusPages();

/** The docs a build failed on and left out, with the error. */
const droppedBy = (dir: string): {doc: string; error: string}[] =>
  existsSync(`${dir}.dropped.json`)
    ? JSON.parse(readFileSync(`${dir}.dropped.json`, 'utf8'))
    : [];
const droppedByStock = droppedBy(corpusServers.stock.dir);
/** The docs the site's build failed on, of those stock builds. */
const droppedBySite = droppedBy(corpusServers.site.dir).filter(
  ({doc}) => !droppedByStock.some((stock) => stock.doc === doc),
);

/** Console messages without the origin, which differs between the two builds. */
const withoutOrigin = (errors: string[]) =>
  errors.map((error) => error.replace(/http:\/\/127\.0\.0\.1:\d+/g, ''));

/** Opens `path` on a first load, or from the hub by its link `id`. */
async function open(
  page: Page,
  base: string,
  path: string,
  id: string,
  how: 'first load' | 'navigation',
) {
  if (how === 'first load') {
    await page.goto(new URL(path, base).href);
    await waitForHydration(page);
    return;
  }
  await page.goto(new URL(hubPath, base).href);
  await waitForHydration(page);
  const documents = await page.evaluate(() => performance.timeOrigin);
  await page
    .getByRole('main')
    .getByRole('link', {name: id, exact: true})
    .click();
  await expect(page).toHaveURL(new URL(path, base).href);
  await expect(articleOf(page)).toBeVisible();
  expect(
    await page.evaluate(() => performance.timeOrigin),
    'the link routes in the page',
  ).toBe(documents);
}

test.describe(`other projects' docs behave as in stock Docusaurus${control ? ' (control: stock against stock)' : ''}`, () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});
  test.describe.configure({timeout: 180_000});

  test('the site builds every doc stock builds', () => {
    expect(
      hubOf(corpusServers.site.dir),
      `${corpusServers.site.dir} has no ${hubPath}`,
    ).not.toBeNull();
    expect(droppedBySite).toEqual([]);
  });

  for (const how of ['first load', 'navigation'] as const) {
    for (const {path, id} of pages) {
      test(`${id}, ${how === 'first load' ? 'on a first load' : 'after a client-side navigation'}`, async ({
        browser,
      }) => {
        const dropped = droppedBySite.find(({doc}) =>
          doc.replace(/\.mdx?$/, '').endsWith(id),
        );
        expect(dropped, 'the site’s build failed on this doc').toBeUndefined();
        const stock = await referencePage(browser, corpusServers.stock.url);
        const site = await referencePage(browser, corpusServers.site.url);
        try {
          for (const {page} of [stock, site])
            await page
              .context()
              .grantPermissions(['clipboard-read', 'clipboard-write']);
          await open(stock.page, corpusServers.stock.url, path, id, how);
          const expected = await readThrough(stock.page, undefined, 'full');

          await open(site.page, corpusServers.site.url, path, id, how);
          expect(await readThrough(site.page, expected, 'full')).toEqual(
            expected,
          );
          await expect(site.page.getByText('This page crashed.')).toHaveCount(
            0,
          );
          const stockErrors = withoutOrigin(stock.errors);
          expect(
            withoutOrigin(site.errors).filter(
              (error) => !stockErrors.includes(error),
            ),
            'console errors stock does not also give',
          ).toEqual([]);
        } finally {
          await stock.close();
          await site.close();
        }
      });
    }
  }
});
