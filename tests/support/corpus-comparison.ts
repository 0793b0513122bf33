// The comparison of other projects' docs as this site builds them with the
// same docs built the stock way: a reader of either sees the same article
// (text, headings, images loaded, code blocks and the colour of each token in
// light and dark mode, the tokens in the page as served too), and every tab,
// details and button in it does the same, on a first load and after a
// client-side navigation from the corpus hub, with no console error stock
// does not also give and no crash. Run on
// every doc of the corpus builds (tests/corpus-e2e) and on the representative
// docs of the fixture builds (tests/e2e/corpus.spec.ts).
import {existsSync, readFileSync} from 'node:fs';
import {test, expect, type Browser, type Page} from '@playwright/test';
import {
  openPage,
  readPage,
  servedCodeTokens,
  type Arrival,
  type Seen,
} from './compare';
import {hubOf, hubPath, type CorpusPage} from './corpus';

type Served = {readonly dir: string; readonly url: string};

/** The docs a build failed on and left out, with the error. */
const droppedBy = (dir: string): {doc: string; error: string}[] =>
  existsSync(`${dir}.dropped.json`)
    ? JSON.parse(readFileSync(`${dir}.dropped.json`, 'utf8'))
    : [];

/**
 * Console messages without the origin, which differs between the two
 * builds, also where Chromium shortens it (`…7.0.0.1:4173`).
 */
const withoutOrigin = (errors: string[]) =>
  errors.map((error) => error.replace(/\S*\d\.0\.0\.1:\d+/g, ''));

/** Opens `path` on a first load, or from the hub by its link `id`. */
const open = (
  page: Page,
  base: string,
  path: string,
  id: string,
  how: Arrival,
) =>
  openPage(
    page,
    {
      base,
      path,
      hub: hubPath,
      linkOf: (hub) =>
        hub.getByRole('main').getByRole('link', {name: id, exact: true}),
    },
    how,
  );

/**
 * What a reader of the build `served` sees going through the doc, and its
 * console errors, without the origin; given `expected`, waits at each step
 * for it. No crash.
 */
async function readIn(
  browser: Browser,
  served: Served,
  path: string,
  id: string,
  how: Arrival,
  expected?: Seen[],
): Promise<{seen: Seen[]; errors: string[]}> {
  const {seen, errors} = await readPage(
    browser,
    served.url,
    (page) => open(page, served.url, path, id, how),
    {expected, detail: 'full'},
  );
  return {seen, errors: withoutOrigin(errors)};
}

/** Defines the comparison of `pages` as `builds.site` shows them with `builds.stock`. */
export function describeComparison(
  title: string,
  builds: {site: Served; stock: Served},
  pages: CorpusPage[],
) {
  const droppedByStock = droppedBy(builds.stock.dir);
  /** The docs the site's build failed on, of those stock builds. */
  const droppedBySite = droppedBy(builds.site.dir).filter(
    ({doc}) => !droppedByStock.some((stock) => stock.doc === doc),
  );

  test.describe(title, () => {
    test.describe.configure({timeout: 180_000});

    test('the site builds every doc stock builds', () => {
      expect(
        hubOf(builds.site.dir),
        `${builds.site.dir} has no ${hubPath}`,
      ).not.toBeNull();
      expect(droppedBySite).toEqual([]);
    });

    for (const {path, id} of pages) {
      test(`${id}, on a first load and after a client-side navigation`, async ({
        browser,
      }) => {
        const dropped = droppedBySite.find(({doc}) =>
          doc.replace(/\.mdx?$/, '').endsWith(id),
        );
        expect(dropped, 'the site’s build failed on this doc').toBeUndefined();
        // Code highlighted as stock's in the page as served, which a first
        // load shows until it hydrates and a click fetches: the readings
        // below wait for the page to match.
        expect(
          await servedCodeTokens(browser, builds.site.url, path),
          'the code tokens of the page as served',
        ).toEqual(await servedCodeTokens(browser, builds.stock.url, path));
        // Stock renders a doc's article the same whichever way the reader
        // came (one React render), so it is read once, and the site on each
        // arrival is compared with that.
        const stock = await readIn(
          browser,
          builds.stock,
          path,
          id,
          'first load',
        );
        for (const how of ['first load', 'navigation'] as const)
          await test.step(how, async () => {
            const site = await readIn(
              browser,
              builds.site,
              path,
              id,
              how,
              stock.seen,
            );
            expect(site.seen).toEqual(stock.seen);
            expect(
              site.errors.filter((error) => !stock.errors.includes(error)),
              'console errors stock does not also give',
            ).toEqual([]);
          });
      });
    }
  });
}
