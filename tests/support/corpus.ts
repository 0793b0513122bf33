// The builds of the corpus copy (tests/support/build-corpus.mjs), where they
// are served, and the pages the comparison opens: every doc of the corpus, or
// with CORPUS_SAMPLE=1 two of each project, the two whose stock build holds
// the most kinds of construct (ties by id).
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {portBase} from './builds.mjs';
import {serve} from './servers';

/** The build compared with stock: the site's, or with CORPUS_CONTROL=1 stock itself. */
export const control = process.env.CORPUS_CONTROL === '1';
export const sample = process.env.CORPUS_SAMPLE === '1';

export const corpusServers = {
  site: serve(control ? 'build-corpus-stock' : 'build-corpus', portBase),
  stock: serve('build-corpus-stock', portBase + 1),
};

/** The corpus page that links to every doc of the corpus, by its id. */
export const hubPath = '/corpus';

/** The hub of a build, prerendered, or null when that build is missing. */
export function hubOf(dir: string): string | null {
  const file = path.join(dir, 'corpus/index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** Each doc of the corpus: its path, and its id (the hub's name for it). */
export type CorpusPage = {readonly path: string; readonly id: string};

const kinds = {
  tabs: /role="tab"/,
  details: /<details/,
  code: /<pre/,
  image: /<img/,
  table: /<table/,
  admonition: /theme-admonition/,
  list: /<(?:ul|ol|dl)[ >]/,
};

/** How many kinds of construct the stock build in `dir` of `page` holds. */
function kindsIn(dir: string, page: CorpusPage): number {
  const route = path.join(dir, decodeURIComponent(page.path));
  const file = [path.join(route, 'index.html'), `${route}.html`, route].find(
    (candidate) => existsSync(candidate) && candidate.endsWith('.html'),
  );
  const html = file ? readFileSync(file, 'utf8') : '';
  const article = html.slice(html.indexOf('theme-doc-markdown'));
  return Object.values(kinds).filter((kind) => kind.test(article)).length;
}

/** The pages to compare, read from the hub of the stock build in `dir`. */
export function corpusPages(
  dir: string = corpusServers.stock.dir,
): CorpusPage[] {
  const hub = hubOf(dir);
  if (hub === null)
    throw new Error(
      `${dir} has no ${hubPath}: run node tests/support/build-corpus.mjs`,
    );
  const all = [
    ...hub.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(corpus\/[^<]+)<\/a>/g),
  ].map(([, href, id]) => ({path: href!, id: id!}));
  if (!sample) return all;
  const byProject = new Map<string, CorpusPage[]>();
  for (const page of all) {
    const project = page.id.split('/')[1]!;
    byProject.set(project, [...(byProject.get(project) ?? []), page]);
  }
  return [...byProject.values()].flatMap((pages) =>
    pages
      .map((page) => ({page, kinds: kindsIn(dir, page)}))
      .sort((a, b) => b.kinds - a.kinds || a.page.id.localeCompare(b.page.id))
      .slice(0, 2)
      .map(({page}) => page),
  );
}
