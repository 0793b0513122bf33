// The reference the site is measured against: the stock classic template, as
// `npx create-docusaurus@3.7.0 <name> classic` makes it, installed on its own
// in .bench/stock and built once, and the one page of each kind the site has
// found in its build.
import {execFileSync} from 'node:child_process';
import {cpSync, existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {measureCommand} from './processes.mjs';
import {log, work} from './workspace.mjs';

export const stockVersion = '3.7.0';
export const stockDir = path.join(work, 'stock');

/** Makes, installs and builds the stock template; returns its build. */
async function buildStockTemplate() {
  log(`stock template: create-docusaurus@${stockVersion}, npm install, build`);
  execFileSync(
    'npx',
    [
      '--yes',
      `create-docusaurus@${stockVersion}`,
      'stock',
      'classic',
      '--javascript',
      '--skip-install',
    ],
    {cwd: work, stdio: 'ignore'},
  );
  const manifest = JSON.parse(
    readFileSync(path.join(stockDir, 'package.json'), 'utf8'),
  );
  // The one change: webpackbar 6 fails with current webpack, as the site's own
  // package.json overrides it too.
  manifest.overrides = {webpackbar: '^7.0.0'};
  writeFileSync(
    path.join(stockDir, 'package.json'),
    JSON.stringify(manifest, null, 2),
  );
  execFileSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
    ],
    {cwd: stockDir, stdio: 'ignore'},
  );
  await measureCommand(
    path.join(stockDir, 'node_modules/.bin/docusaurus'),
    ['build'],
    {cwd: stockDir},
  );
  return path.join(stockDir, 'build');
}

/** @type {Promise<string> | undefined} */
let stockBuild;

/** The stock template's build, made the first time a figure asks for it. */
export function stockTemplate() {
  stockBuild ??= buildStockTemplate();
  return stockBuild;
}

/**
 * Builds the stock template with `docs` (their paths under the site's docs/,
 * from the site in `siteDir`) added at the same paths, into `outDir` under
 * the template; returns the build. The docs link to the site's other docs,
 * which the template lacks, and highlight languages it does not load.
 * @param {{siteDir: string, docs: string[], outDir: string}} options
 */
export async function stockWithDocs({siteDir, docs, outDir}) {
  await stockTemplate();
  for (const doc of docs)
    cpSync(path.join(siteDir, 'docs', doc), path.join(stockDir, 'docs', doc));
  const configFile = path.join(stockDir, 'docusaurus.config.js');
  const config = readFileSync(configFile, 'utf8');
  if (!config.includes('additionalLanguages'))
    writeFileSync(
      configFile,
      config
        .replace(
          /onBrokenLinks: 'throw'/,
          "onBrokenLinks: 'warn', onBrokenAnchors: 'warn'",
        )
        .replace(
          /darkTheme: prismThemes\.dracula,/,
          "darkTheme: prismThemes.dracula,\n        additionalLanguages: ['bash', 'php'],",
        ),
    );
  await measureCommand(
    path.join(stockDir, 'node_modules/.bin/docusaurus'),
    ['build', '--out-dir', outDir],
    {cwd: stockDir},
  );
  return path.join(stockDir, outDir);
}

/**
 * One page of each kind the site has, found in the stock template's build and
 * named by its kind ("stock home", ...), not by the paths of its tutorial.
 * @param {string} buildDir
 */
export function stockPages(buildDir) {
  const sitemap = readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  const paths = [
    ...sitemap.matchAll(/<loc>[^<]*?:\/\/[^/<]+([^<]*)<\/loc>/g),
  ].map(([, pathname]) => pathname.replace(/(.)\/$/, '$1') || '/');
  /** @param {string} pathname */
  const codeBlocks = (pathname) =>
    readFileSync(path.join(buildDir, pathname, 'index.html'), 'utf8').split(
      '<pre',
    ).length - 1;
  const docs = paths.filter(
    (pathname) =>
      pathname.startsWith('/docs/') && !pathname.startsWith('/docs/category/'),
  );
  const pages = {
    'stock home': '/',
    'stock standalone page': paths.find(
      (pathname) => pathname === '/markdown-page',
    ),
    'stock first doc': docs[0],
    'stock doc with the most code': [...docs].sort(
      (a, b) => codeBlocks(b) - codeBlocks(a),
    )[0],
    'stock category index': paths.find((pathname) =>
      pathname.startsWith('/docs/category/'),
    ),
    'stock blog': paths.find((pathname) => pathname === '/blog'),
  };
  /** @type {Record<string, string>} */
  const found = {};
  const missing = [];
  for (const [kind, pathname] of Object.entries(pages)) {
    if (pathname) found[kind] = pathname;
    else missing.push(kind);
  }
  if (missing.length > 0)
    throw new Error(
      `the stock template's sitemap has no ${missing.join(', ')}`,
    );
  return found;
}

/**
 * `results` ({url or path: result}) named by the stock pages' kinds.
 * @template Result
 * @param {Record<string, Result>} results
 * @param {Record<string, string>} pages
 * @param {string} [origin]
 */
export function byKind(results, pages, origin = '') {
  return Object.fromEntries(
    Object.entries(pages).map(([kind, pathname]) => [
      kind,
      results[`${origin}${pathname}`],
    ]),
  );
}

/**
 * Builds the stock template with `write(docsDir)`'s docs in place of its own,
 * with Rspack (@docusaurus/faster, added to it at the site's version), into
 * `outDir` under the template; returns the measurement. A build that
 * outlasts `limitSeconds` is stopped.
 * @param {{name: string, write: (docsDir: string) => void, outDir: string, limitSeconds?: number}} options
 */
export async function buildStockWithFaster({
  name,
  write,
  outDir,
  limitSeconds,
}) {
  await stockTemplate();
  if (!existsSync(path.join(stockDir, 'node_modules/@docusaurus/faster'))) {
    log(`stock template: npm install @docusaurus/faster@${stockVersion}`);
    execFileSync(
      'npm',
      [
        'install',
        `@docusaurus/faster@${stockVersion}`,
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
      ],
      {cwd: stockDir, stdio: 'ignore'},
    );
  }
  const docsDir = path.join(stockDir, `docs-${name}`);
  rmSync(docsDir, {recursive: true, force: true});
  write(docsDir);
  const configFile = `docusaurus.${name}.config.js`;
  // The template's own config, its docs read from the other folder.
  writeFileSync(
    path.join(stockDir, configFile),
    `import config from './docusaurus.config.js';

const [[preset, options]] = config.presets;
export default {
  ...config,
  // The template's footer links to its own first doc, not among these.
  onBrokenLinks: 'warn',
  future: {...config.future, experimental_faster: true},
  presets: [[preset, {...options, docs: {...options.docs, path: 'docs-${name}'}}]],
};
`,
  );
  const measurement = await measureCommand(
    path.join(stockDir, 'node_modules/.bin/docusaurus'),
    ['build', '--config', configFile, '--out-dir', outDir],
    {cwd: stockDir, limitSeconds},
  );
  rmSync(path.join(stockDir, outDir), {recursive: true, force: true});
  return measurement;
}
