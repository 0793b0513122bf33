// Puts the docs of tests/corpus (real docs from other projects) into a copy
// of the site, laid out as tests/corpus/README.md says: each project's docs/
// in docs/corpus/<project>/, its other folders (the components its pages
// import by `@site/…`) in src/corpus/<project>/ with those imports pointed
// there, its static/ in static/; and the page /corpus, which links to every
// doc of the corpus (tests/support/corpus-hub.tsx). Used by the corpus builds
// (tests/support/build-corpus.mjs) with every doc, and by the fixture builds
// (tests/support/build-sites.mjs) with the representative docs.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../../tools/site-copy.mjs';

export const corpus = path.join(repoRoot, 'tests/corpus');

/** The projects of the corpus: each folder of tests/corpus. */
export const projects = readdirSync(corpus).filter((entry) =>
  statSync(path.join(corpus, entry)).isDirectory(),
);

/**
 * The docs the end-to-end tests compare on every run, one or two of each
 * project: those whose stock build holds the most kinds of construct (tabs,
 * details, code, images, tables, admonitions, imported components, head
 * tags) and links to no doc the corpus lacks, as corpus paths.
 */
export const representativeDocs = JSON.parse(
  readFileSync(path.join(corpus, 'representative.json'), 'utf8'),
);

const isDoc = (/** @type {string} */ file) =>
  /\.mdx?$/.test(file) && !path.basename(file).startsWith('_');

/**
 * Copies `from` into `to`, passing the text of each source file through
 * `pointed`, leaving out the docs `keep` refuses; refuses to overwrite a
 * file of the site.
 * @param {string} from
 * @param {string} to
 * @param {((text: string) => string) | null} pointed
 * @param {(file: string) => boolean} keep
 */
function copyTree(from, to, pointed, keep = () => true) {
  if (!existsSync(from)) return;
  for (const file of readdirSync(from, {recursive: true, encoding: 'utf8'})) {
    const source = path.join(from, file);
    if (statSync(source).isDirectory() || !keep(file)) continue;
    const target = path.join(to, file);
    if (existsSync(target))
      throw new Error(
        `${path.relative(repoRoot, source)} would replace ${target}`,
      );
    mkdirSync(path.dirname(target), {recursive: true});
    if (pointed && /\.(mdx?|[jt]sx?|css)$/.test(file))
      writeFileSync(target, pointed(readFileSync(source, 'utf8')));
    else cpSync(source, target);
  }
}

/**
 * Adds the corpus to the site copy in `workDir`: every doc, or only `docs`
 * (corpus paths, such as jest/docs/CLI.md) with the files they may import.
 * @param {string} workDir
 * @param {string[]} [docs]
 */
export function addCorpus(workDir, docs) {
  for (const project of projects) {
    const from = path.join(corpus, project);
    // The folders of the project's site its pages import from, by `@site/`.
    const siteDirs = readdirSync(from).filter(
      (entry) =>
        !['docs', 'static'].includes(entry) &&
        statSync(path.join(from, entry)).isDirectory(),
    );
    const imports = new RegExp(`@site/(?=(?:${siteDirs.join('|')})/)`, 'g');
    const pointed = siteDirs.length
      ? (/** @type {string} */ text) =>
          text.replace(imports, `@site/src/corpus/${project}/`)
      : (/** @type {string} */ text) => text;
    copyTree(
      path.join(from, 'docs'),
      path.join(workDir, 'docs/corpus', project),
      pointed,
      (file) =>
        !docs ||
        !isDoc(file) ||
        docs.includes(path.posix.join(project, 'docs', file)),
    );
    for (const dir of siteDirs)
      copyTree(
        path.join(from, dir),
        path.join(workDir, 'src/corpus', project, dir),
        pointed,
      );
    copyTree(path.join(from, 'static'), path.join(workDir, 'static'), null);
  }
  cpSync(
    path.join(repoRoot, 'tests/support/corpus-hub.tsx'),
    path.join(workDir, 'src/pages/corpus.tsx'),
  );
}
