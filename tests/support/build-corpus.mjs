// Builds a copy of the site with the pages of tests/corpus added (real docs
// from other projects), twice: the site's way into build-corpus and the stock
// way (STOCK_RENDERING=1) into build-corpus-stock, one after the other. Each
// build's output is kept beside it, in <outDir>.log. The copy differs from the
// site in what both builds need equally: other projects' links point at pages
// the copy lacks, so broken links warn rather than fail. A build that fails
// is reported, naming the corpus files its output names, and the run goes on:
// the comparison then shows each of the build's pages as missing.
// tests/support/corpus-copy.mjs puts the corpus in the copy.
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {commitCopy, copySite, repoRoot} from '../../tools/site-copy.mjs';
import {run} from '../build/site-copy.mjs';
import {buildLog} from './builds.mjs';
import {addCorpus, projects} from './corpus-copy.mjs';

/**
 * Plugins of plugins/ left out of both builds, for a run against code that
 * fails on pages the rest of the comparison should still see
 * (CORPUS_WITHOUT_PLUGINS=llms-txt,…); the run says so.
 */
const leftOut = (process.env.CORPUS_WITHOUT_PLUGINS ?? '')
  .split(',')
  .filter(Boolean);

/** The builds of the corpus copy, as tests/support/builds.mjs describes builds. */
export const corpusBuilds = [
  {outDir: 'build-corpus', env: {}},
  {
    outDir: 'build-corpus-stock',
    env: {
      STOCK_RENDERING: '1',
      DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-stock',
    },
  },
];

/** Makes a copy of the site with the corpus in it; returns its folder. */
function makeCopy() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'nodekeeper-corpus-'));
  copySite(workDir);
  addCorpus(workDir);
  for (const file of readdirSync(path.join(workDir, 'docs/corpus'), {
    recursive: true,
    encoding: 'utf8',
  }).filter((file) => /\.mdx?$/.test(file))) {
    const doc = `docs/corpus/${file}`;
    const frontMatter =
      readFileSync(path.join(workDir, doc), 'utf8').match(
        /^---\n([\s\S]*?)\n---/,
      )?.[1] ?? '';
    const field = (/** @type {string} */ name) =>
      frontMatter
        .match(new RegExp(`^${name}:\\s*['"]?([^'"\\n]+)`, 'm'))?.[1]
        ?.trim();
    const dir = path.posix.dirname(`/docs/corpus/${file}`);
    const slug = field('slug');
    const name = path.posix.basename(file).replace(/\.mdx?$/, '');
    const route = slug
      ? slug.startsWith('/')
        ? `/docs${slug}`
        : `${dir}/${slug}`
      : /^(index|readme)$/i.test(name)
        ? dir
        : `${dir}/${field('id') ?? name.replace(/^\d+-/, '')}`;
    docsByRoute.set(route.replace(/\/$/, ''), doc);
  }
  const config = path.join(workDir, 'docusaurus.config.ts');
  const text = readFileSync(config, 'utf8');
  const relaxed = text
    .replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'")
    .replace("onBrokenAnchors: 'throw'", "onBrokenAnchors: 'warn'");
  if (relaxed === text || !relaxed.includes("onBrokenAnchors: 'warn'"))
    throw new Error(
      'docusaurus.config.ts no longer sets onBrokenLinks and onBrokenAnchors as this script expects: update it',
    );
  let withoutPlugins = relaxed;
  for (const plugin of leftOut) {
    const line = new RegExp(`^.*'\\./plugins/${plugin}/index\\.mjs'.*\\n`, 'm');
    if (!line.test(withoutPlugins))
      throw new Error(
        `CORPUS_WITHOUT_PLUGINS: docusaurus.config.ts has no plugin ${plugin}`,
      );
    withoutPlugins = withoutPlugins.replace(line, '');
  }
  writeFileSync(config, withoutPlugins);
  commitCopy(workDir);
  return workDir;
}

/**
 * The corpus docs a failed build's error names: by file, or by the route
 * static rendering could not render; for a partial, the docs that import it.
 * @param {string} output
 * @param {string} site
 */
function corpusDocsIn(output, site) {
  // The lines of the error that name what failed, not the warnings around it.
  const error = output
    .slice(output.indexOf('[ERROR]'))
    .split('\n')
    .filter((line) => /Error|failed|Can't/.test(line))
    .join('\n');
  const named = new Set(error.match(/docs\/corpus\/[\w./-]+\.mdx?/g) ?? []);
  for (const [, route] of error.matchAll(/"(\/docs\/corpus\/[^"]+)"/g)) {
    const doc = docsByRoute.get(route.replace(/\/$/, ''));
    if (doc) named.add(doc);
  }
  const docs = new Set();
  for (const doc of named) {
    if (!path.basename(doc).startsWith('_')) docs.add(doc);
    else
      for (const other of docsByRoute.values())
        if (
          existsSync(path.join(site, other)) &&
          readFileSync(path.join(site, other), 'utf8').includes(
            path.basename(doc),
          )
        )
          docs.add(other);
  }
  return [...docs].filter((doc) => existsSync(path.join(site, doc)));
}

/** Each corpus doc's route when its path makes it, for the messages that name routes. */
const docsByRoute = new Map();

/** The first line of the error a failed build's output gives. */
const errorOf = (/** @type {string} */ output) =>
  (
    output.match(
      /(?:Error|\[ERROR\]|Invariant Violation)[^\n]*(?:\n[^\n]*cause[^\n]*\n[^\n]*)?/g,
    ) ?? []
  )
    .map((/** @type {string} */ line) => line.replace(/\s+/g, ' ').trim())
    .slice(-2)
    .join(' / ');

const started = Date.now();
if (leftOut.length)
  console.log(`Both builds leave out these plugins: ${leftOut.join(', ')}`);
/** @type {Record<string, {doc: string, error: string}[]>} */
const dropped = {};
for (const build of corpusBuilds) {
  const buildStarted = Date.now();
  const outDir = path.join(repoRoot, build.outDir);
  rmSync(outDir, {recursive: true, force: true});
  const site = makeCopy();
  dropped[build.outDir] = [];
  let result;
  // What each attempt printed, the failed ones first.
  let log = '';
  for (;;) {
    console.log(`Building ${build.outDir}`);
    result = await run(site, ['--out-dir', outDir], {
      ...process.env,
      ...build.env,
    });
    log += result.output;
    if (result.code === 0) break;
    const docs = corpusDocsIn(result.output, site);
    if (docs.length === 0) break;
    const error = errorOf(result.output);
    for (const doc of docs) {
      console.error(`${build.outDir}: the build fails on ${doc}: ${error}`);
      dropped[build.outDir].push({doc, error});
      rmSync(path.join(site, doc));
    }
    for (const doc of docs)
      docsByRoute.forEach(
        (file, route) => file === doc && docsByRoute.delete(route),
      );
  }
  rmSync(site, {recursive: true, force: true});
  writeFileSync(path.join(repoRoot, buildLog(build)), log);
  writeFileSync(
    path.join(repoRoot, `${build.outDir}.dropped.json`),
    JSON.stringify(dropped[build.outDir], null, 1),
  );
  const seconds = Math.round((Date.now() - buildStarted) / 1000);
  if (result.code === 0) {
    const warnings = result.output.match(/^\[WARNING\].*$/gm) ?? [];
    console.log(
      `Built ${build.outDir} in ${seconds} s without ${dropped[build.outDir].length} docs its build fails on, ${warnings.length} warnings (${buildLog(build)})`,
    );
  } else {
    console.error(
      `The build of ${build.outDir} failed after ${seconds} s:\n` +
        result.output.split('\n').slice(-40).join('\n'),
    );
    process.exitCode = 1;
  }
}
console.log(
  `Corpus: ${projects.length} projects; built in ${Math.round((Date.now() - started) / 1000)} s`,
);
