// The builds the end-to-end tests serve, the ports they are served on, and the
// check that they are this checkout's: built after its last change, for these
// ports. Checkouts side by side on one machine each set their own E2E_PORT_BASE.
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

export const portBase = Number(process.env.E2E_PORT_BASE ?? 4173);
if (!Number.isInteger(portBase) || portBase < 1024 || portBase > 65530)
  throw new Error(
    `E2E_PORT_BASE=${process.env.E2E_PORT_BASE}: give a port from 1024 to 65530; the tests use it and the four after it`,
  );

/** Where build-sub is served, and the origin it is built for: SITE_URL is not the default there. */
export const subPathOrigin = `http://127.0.0.1:${portBase + 1}`;

/** What each build is, how it is built, and the sources it is built from. */
export const builds = [
  // The site as deployed at the root of its host.
  {outDir: 'build', env: {}, fixtures: false},
  // The site under a base URL, for another origin; its own generated-files
  // folder keeps .docusaurus/ describing the main build.
  {
    outDir: 'build-sub',
    env: {
      BASE_URL: '/sub/',
      SITE_URL: subPathOrigin,
      DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-sub',
    },
    fixtures: false,
  },
  // A copy of the site with the pages of tests/fixtures added, and the
  // representative docs of tests/corpus (never published).
  {outDir: 'build-fixtures', env: {}, fixtures: true},
  // The same pages built the stock way (STOCK_RENDERING in the config), which
  // the compatibility tests compare the site's build with.
  {
    outDir: 'build-fixtures-stock',
    env: {
      STOCK_RENDERING: '1',
      DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-stock',
    },
    fixtures: true,
  },
];

/**
 * The file that keeps what `build` printed as it was built.
 * @param {{outDir: string}} build
 */
export const buildLog = ({outDir}) => `${outDir}.log`;

const sources = [
  'docs',
  'src',
  'plugins',
  'packages',
  'static',
  'docusaurus.config.ts',
  'sidebars.ts',
  'package-lock.json',
  // The fixes `npm ci` applies to the dependencies.
  'patches',
];

/**
 * Files among the sources that no build reads: the ledger and the packages'
 * contracts and tests.
 * @param {string} file
 */
const notBuilt = (file) =>
  file === path.join('patches', 'README.md') ||
  /^packages[\\/][^\\/]+[\\/](README\.md$|test[\\/])/.test(file);

/**
 * The newest file under `entries`, and when it changed.
 * @param {string[]} entries
 */
function newestSource(entries) {
  let newest = {file: '', time: 0};
  for (const entry of entries.filter((name) => existsSync(name))) {
    const files = statSync(entry).isDirectory()
      ? readdirSync(entry, {recursive: true, encoding: 'utf8'}).map((file) =>
          path.join(entry, file),
        )
      : [entry];
    for (const file of files.filter((name) => !notBuilt(name))) {
      const time = statSync(file).mtimeMs;
      if (time > newest.time) newest = {file, time};
    }
  }
  return newest;
}

/**
 * Why `build` cannot be tested as this checkout's build, or null when it can.
 * @param {(typeof builds)[number]} build
 */
export function staleness({outDir, env, fixtures}) {
  const page = path.join(outDir, 'index.html');
  if (!existsSync(page)) return `${outDir} has not been built`;
  if (!existsSync(buildLog({outDir})))
    return `${outDir} has no ${buildLog({outDir})} of its build's output`;
  const newest = newestSource(
    fixtures ? [...sources, 'tests/fixtures', 'tests/corpus'] : sources,
  );
  if (newest.time > statSync(page).mtimeMs)
    return `${newest.file} changed after ${outDir} was built`;
  if (env.SITE_URL) {
    const robots = readFileSync(path.join(outDir, 'robots.txt'), 'utf8');
    if (!robots.includes(`Sitemap: ${env.SITE_URL}/`))
      return `${outDir} was built for another origin than ${env.SITE_URL} (E2E_PORT_BASE changed)`;
  }
  return null;
}

/** Throws, saying why, unless every build is this checkout's. */
export function assertBuildsAreCurrent() {
  const reasons = builds.map(staleness).filter((reason) => reason !== null);
  if (reasons.length > 0)
    throw new Error(
      `The end-to-end tests test this checkout's builds, and ${reasons.join('; ')}. ` +
        'Run `node tests/support/build-sites.mjs` (or `npm run test:e2e`) to build them.',
    );
}
