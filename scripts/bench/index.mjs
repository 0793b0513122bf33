// npm run bench: measures the build, the bytes, the pages and the writer's
// preview against their targets, each beside a reference measured in the same
// run, prints one table and writes it to BENCHMARKS.md. Everything it
// makes goes into .bench/, which it removes when it stops.
//
//   npm run bench                  builds (Rspack and webpack), bytes, dev server
//   npm run bench -- --lighthouse  adds Lighthouse on every route (about 8 minutes)
//   npm run bench -- --scale       adds the site with 250 and 1,000 generated docs (about 3 minutes)
//   npm run bench -- --all         all of it
//   --runs N                       timed builds of each kind (default 3), medians reported
//   --before REF                   adds the site as it was at git REF: build times
//                                  side by side, and with --lighthouse its long page
//   --lighthouse also compares the site's longest doc with the same doc copied
//   into the stock template, 5 runs each, taken in turn.
import {execFileSync} from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {measureDevServer} from './dev-server.mjs';
import {lighthouseInterleaved, lighthouseRoutes} from './lighthouse.mjs';
import {measureRoutes, writeBaseline} from './page-weights.mjs';
import {
  measureCommand,
  median,
  start,
  stopAll,
  waitForUrl,
} from './processes.mjs';
import {addGeneratedDocs} from './scale-site.mjs';
import {copySite} from '../../tools/site-copy.mjs';
import {precompressBuild} from '../../plugins/precompress/index.mjs';
import {chromiumPath} from '../../tools/chromium.mjs';
import {budgets, kb} from '../../tools/page-weight.mjs';

/** @typedef {import('../../tools/page-weight.mjs').FirstLoad} FirstLoad */
/** @typedef {import('./lighthouse.mjs').Summary} Summary */
/** @typedef {import('./processes.mjs').Measurement} Measurement */
/** @typedef {{figure: string, value: string, reference: string, ratio: string, target: string, met: boolean | null}} Row */

const root = path.resolve(fileURLToPath(import.meta.url), '../../..');
const work = path.join(root, '.bench');
const docusaurus = path.join(root, 'node_modules/.bin/docusaurus');
const routes = /** @type {{path: string}[]} */ (
  JSON.parse(readFileSync(path.join(root, 'tools/routes.json'), 'utf8'))
).map((route) => route.path);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 4380);

// The stock template, as `npx create-docusaurus@3.7.0 <name> classic` makes it.
const stockVersion = '3.7.0';

const {values: options} = parseArgs({
  options: {
    lighthouse: {type: 'boolean', default: false},
    scale: {type: 'boolean', default: false},
    all: {type: 'boolean', default: false},
    runs: {type: 'string', default: '3'},
    before: {type: 'string'},
  },
});
const runLighthouse = options.lighthouse || options.all;
const runScale = options.scale || options.all;
const runs = Number(options.runs);

/** @type {Row[]} */
const rows = [];
/** @type {string[]} */
const details = [];

/**
 * A line of the table; `met` is whether the target holds (null when there is none).
 * @param {string} figure
 * @param {string} value
 * @param {string} reference
 * @param {string} ratio
 * @param {string} target
 * @param {boolean | null} met
 */
function row(figure, value, reference, ratio, target, met) {
  rows.push({figure, value, reference, ratio, target, met});
}

/** @param {number} value */
const seconds = (value) => `${value.toFixed(1)} s`;
/** @param {number} bytes */
const megabytes = (bytes) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
/**
 * @param {number} value
 * @param {number} reference
 */
const ratioOf = (value, reference) =>
  reference > 0 ? (value / reference).toFixed(2) : '';

/** @param {string} message */
function log(message) {
  console.log(`[bench] ${message}`);
}

/**
 * A cold production build of the site: no cache from an earlier build.
 * @param {string} bundler
 * @param {string} outDir
 */
async function buildSite(bundler, outDir) {
  rmSync(path.join(root, 'node_modules/.cache/webpack'), {
    recursive: true,
    force: true,
  });
  rmSync(path.join(root, 'node_modules/.cache/babel-loader'), {
    recursive: true,
    force: true,
  });
  return measureCommand(docusaurus, ['build', '--out-dir', outDir], {
    cwd: root,
    env: {
      BUNDLER: bundler,
      DOCUSAURUS_GENERATED_FILES_DIR_NAME: `.bench/generated-${bundler}`,
    },
  });
}

async function benchBuilds() {
  /** @type {Record<string, number[]>} */
  const times = {rspack: [], webpack: []};
  /** @type {Record<string, number[]>} */
  const memory = {rspack: [], webpack: []};
  for (let run = 1; run <= runs; run += 1) {
    for (const bundler of ['rspack', 'webpack']) {
      log(`build ${run}/${runs} with ${bundler}`);
      const result = await buildSite(
        bundler,
        path.join(work, `build-${bundler}`),
      );
      times[bundler].push(result.seconds);
      memory[bundler].push(result.peakMemory);
    }
  }
  const rspack = median(times.rspack);
  const webpack = median(times.webpack);
  row(
    `Production build, Rspack (median of ${runs} cold builds)`,
    seconds(rspack),
    `webpack ${seconds(webpack)}`,
    ratioOf(rspack, webpack),
    '≤ 0.45 × webpack',
    rspack / webpack <= 0.45,
  );
  row(
    'Peak memory of the production build, Rspack',
    megabytes(Math.max(...memory.rspack)),
    `webpack ${megabytes(Math.max(...memory.webpack))}`,
    ratioOf(Math.max(...memory.rspack), Math.max(...memory.webpack)),
    '',
    null,
  );
  details.push(
    `Build times, Rspack: ${times.rspack.map(seconds).join(', ')}; webpack: ${times.webpack.map(seconds).join(', ')}.`,
    '',
  );
}

/**
 * The median of `values` and the best of them (the lowest, or with `best` = Math.max the highest).
 * @param {number[]} values
 * @param {(value: number) => string} format
 * @param {(...values: number[]) => number} [best]
 */
const medianAndBest = (values, format, best = Math.min) =>
  `${format(median(values))} (best ${format(best(...values))})`;

/**
 * The site as it was at git `ref` beside the site as it is, each a copy built
 * alike (cold, with Rspack), one after the other in every run, so that the
 * machine's slow moments fall on both. Returns the two builds.
 * @param {string} ref
 */
async function benchBeforeAfter(ref) {
  const before = path.join(work, 'before');
  const after = path.join(work, 'after');
  mkdirSync(before, {recursive: true});
  const archive = execFileSync('git', ['archive', ref], {
    cwd: root,
    maxBuffer: 256 * 1024 ** 2,
  });
  execFileSync('tar', ['-x', '-C', before], {input: archive});
  symlinkSync(
    path.join(root, 'node_modules'),
    path.join(before, 'node_modules'),
    'dir',
  );
  copySite(after);
  /** @type {Record<string, number[]>} */
  const times = {before: [], after: []};
  for (let run = 1; run <= runs; run += 1) {
    for (const [name, dir] of [
      ['before', before],
      ['after', after],
    ]) {
      log(
        `build ${run}/${runs} of the site ${name === 'before' ? `at ${ref}` : 'as it is'}`,
      );
      rmSync(path.join(root, 'node_modules/.cache'), {
        recursive: true,
        force: true,
      });
      rmSync(path.join(dir, 'build'), {recursive: true, force: true});
      times[name].push(
        (await measureCommand(docusaurus, ['build'], {cwd: dir})).seconds,
      );
    }
  }
  row(
    `Production build, Rspack, the site as it is (median of ${runs} cold builds)`,
    medianAndBest(times.after, seconds),
    `at ${ref} ${medianAndBest(times.before, seconds)}`,
    ratioOf(median(times.after), median(times.before)),
    '≤ 1.10 × before',
    median(times.after) / median(times.before) <= 1.1,
  );
  details.push(
    `Build times, the site as it is: ${times.after.map(seconds).join(', ')}; at ${ref}: ${times.before.map(seconds).join(', ')}.`,
    '',
  );
  return {
    beforeBuild: path.join(before, 'build'),
    afterBuild: path.join(after, 'build'),
  };
}

/** The site's longest doc, as a path under docs/. */
function longestDoc() {
  const docs = readdirSync(path.join(root, 'docs'), {
    recursive: true,
    encoding: 'utf8',
  }).filter((file) => /\.mdx?$/.test(file));
  return docs.sort(
    (a, b) =>
      statSync(path.join(root, 'docs', b)).size -
      statSync(path.join(root, 'docs', a)).size,
  )[0];
}

/**
 * The site's longest doc beside the same doc in the stock template, built with
 * the same Prism languages (the stock template highlights in the browser), and
 * with --before the doc as the site was at that ref: Lighthouse's mobile
 * preset, 5 runs each, taken in turn.
 * @param {string} siteBuild
 * @param {{beforeBuild?: string, ref?: string}} before
 */
async function benchSameContent(siteBuild, {beforeBuild, ref}) {
  const doc = longestDoc();
  const route = `/docs/${doc.replace(/\.mdx?$/, '')}`;
  log(
    `same content: ${doc} in the stock template, built and measured beside the site's`,
  );
  const stockDir = path.join(work, 'stock');
  cpSync(path.join(root, 'docs', doc), path.join(stockDir, 'docs', doc));
  const configFile = path.join(stockDir, 'docusaurus.config.js');
  const config = readFileSync(configFile, 'utf8')
    // The doc links to the site's other docs, which the template does not have.
    .replace(
      /onBrokenLinks: 'throw'/,
      "onBrokenLinks: 'warn', onBrokenAnchors: 'warn'",
    )
    .replace(
      /darkTheme: prismThemes\.dracula,/,
      "darkTheme: prismThemes.dracula,\n        additionalLanguages: ['bash', 'php'],",
    );
  writeFileSync(configFile, config);
  await measureCommand(
    path.join(stockDir, 'node_modules/.bin/docusaurus'),
    ['build', '--out-dir', 'build-same-content'],
    {cwd: stockDir},
  );
  const origins = {
    site: await serve(siteBuild, portBase + 4),
    ...(beforeBuild && {
      [`site at ${ref}`]: await serve(beforeBuild, portBase + 5),
    }),
    stock: await serve(path.join(stockDir, 'build-same-content'), portBase + 6),
  };
  await Promise.all(Object.values(origins).map((origin) => waitForUrl(origin)));
  const urls = Object.fromEntries(
    Object.entries(origins).map(([name, origin]) => [
      name,
      `${origin}${route}`,
    ]),
  );
  const results = await lighthouseInterleaved(Object.values(urls), 5);
  /** @param {string} name */
  const of = (name) => results[urls[name]];
  /** @param {string} name */
  const figures = (name) => ({
    performance: of(name).map((run) => run.scores.performance),
    blocking: of(name).map((run) => run.totalBlockingTime),
    script: of(name).map((run) => run.scriptBytes),
  });
  const site = figures('site');
  const references = Object.keys(urls).filter((name) => name !== 'site');
  /** @param {number} value */
  const score = (value) => value.toFixed(2);
  /** @param {number} value */
  const ms = (value) => `${value.toFixed(0)} ms`;
  /** @param {number} value */
  const kilobytes = (value) => `${kb(value)} KB`;
  for (const name of references) {
    const reference = figures(name);
    // Against the site as it was, the score must hold; against the stock template, it is the comparison asked for.
    const asBefore = name !== 'stock';
    row(
      `Same doc (${route}), Lighthouse mobile performance, median of 5`,
      medianAndBest(site.performance, score, Math.max),
      `${name} ${medianAndBest(reference.performance, score, Math.max)}`,
      ratioOf(median(site.performance), median(reference.performance)),
      asBefore ? `≥ ${name}` : '',
      asBefore
        ? median(site.performance) >= median(reference.performance)
        : null,
    );
    row(
      `Same doc, total blocking time, median of 5`,
      medianAndBest(site.blocking, ms),
      `${name} ${medianAndBest(reference.blocking, ms)}`,
      ratioOf(median(site.blocking), median(reference.blocking)),
      '',
      null,
    );
    row(
      `Same doc, JavaScript transferred`,
      kilobytes(median(site.script)),
      `${name} ${kilobytes(median(reference.script))}`,
      ratioOf(median(site.script), median(reference.script)),
      '',
      null,
    );
  }
  details.push(
    '',
    `Same doc, ${route}, each Lighthouse run in turn (performance, total blocking time): ${Object.keys(
      urls,
    )
      .map(
        (name) =>
          `${name}: ${of(name)
            .map(
              (run) =>
                `${score(run.scores.performance)}/${ms(run.totalBlockingTime)}`,
            )
            .join(', ')}`,
      )
      .join('; ')}.`,
  );
}

/** Makes, installs and builds the stock classic template in .bench/stock. */
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
  const stockDir = path.join(work, 'stock');
  const manifest = JSON.parse(
    readFileSync(path.join(stockDir, 'package.json'), 'utf8'),
  );
  // The one change: webpackbar 6 fails with current webpack (README, "Known traps").
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

/**
 * One page of each kind the site has, found in the stock template's build and
 * named by its kind ("stock home", ...), not by the paths of its tutorial.
 * @param {string} buildDir
 */
function stockPages(buildDir) {
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
function byKind(results, pages, origin = '') {
  return Object.fromEntries(
    Object.entries(pages).map(([kind, pathname]) => [
      kind,
      results[`${origin}${pathname}`],
    ]),
  );
}

/**
 * Serves a build with the site's nginx set-up (tools/nginx), as production
 * serves it. A build without the site's response headers (the stock
 * template's) gets an empty _headers file, and any build its files
 * compressed as the site's build compresses them, so that both are measured
 * as the same server sends them.
 * @param {string} dir
 * @param {number} port
 */
async function serve(dir, port) {
  const headers = path.join(dir, '_headers');
  if (!existsSync(headers))
    writeFileSync(
      headers,
      '# No response headers: a build that is not the site.\n',
    );
  if (!existsSync(path.join(dir, 'index.html.gz'))) await precompressBuild(dir);
  start('node', [path.join(root, 'tools/nginx/serve.mjs'), '--dir', dir], {
    cwd: root,
    env: {PORT: String(port)},
  });
  return `http://127.0.0.1:${port}`;
}

/**
 * @param {Record<string, FirstLoad>} weights
 * @param {'javascript' | 'css'} kind
 */
function worst(weights, kind) {
  return Object.entries(weights).reduce((most, entry) =>
    entry[1][kind] > most[1][kind] ? entry : most,
  );
}

/**
 * @param {string} siteBuild
 * @param {string} stockBuild
 */
async function benchBytes(siteBuild, stockBuild) {
  log('first-load bytes of every route, the site and the stock template');
  const siteOrigin = await serve(siteBuild, portBase);
  const stockOrigin = await serve(stockBuild, portBase + 1);
  await Promise.all([waitForUrl(siteOrigin), waitForUrl(stockOrigin)]);
  const site = await measureRoutes({origin: siteOrigin, routes});
  const pages = stockPages(stockBuild);
  const stock = byKind(
    await measureRoutes({origin: stockOrigin, routes: Object.values(pages)}),
    pages,
  );
  writeBaseline(path.join(root, 'tools/page-weight-baseline.json'), site);

  const [siteRoute, siteWorst] = worst(site, 'javascript');
  const [stockRoute, stockWorst] = worst(stock, 'javascript');
  row(
    `JavaScript on first load, worst route (${siteRoute})`,
    `${kb(siteWorst.javascript)} KB`,
    `${stockRoute} ${kb(stockWorst.javascript)} KB`,
    ratioOf(siteWorst.javascript, stockWorst.javascript),
    `≤ ${budgets.javascript} KB`,
    siteWorst.javascript <= budgets.javascript * 1024,
  );
  /** @param {Record<string, FirstLoad>} weights */
  const mainBundle = (weights) =>
    Math.max(
      ...Object.values(weights).flatMap(({files}) =>
        files
          .filter((file) => /\/main\.[0-9a-f]+\.js$/.test(file.path))
          .map((file) => file.bytes),
      ),
    );
  row(
    'Main bundle (loaded by every route)',
    `${kb(mainBundle(site))} KB`,
    `stock ${kb(mainBundle(stock))} KB`,
    ratioOf(mainBundle(site), mainBundle(stock)),
    '',
    null,
  );
  const [cssRoute, cssWorst] = worst(site, 'css');
  const [, stockCss] = worst(stock, 'css');
  row(
    `CSS on first load, worst route (${cssRoute})`,
    `${kb(cssWorst.css)} KB`,
    `stock ${kb(stockCss.css)} KB`,
    ratioOf(cssWorst.css, stockCss.css),
    `≤ ${budgets.css} KB`,
    cssWorst.css <= budgets.css * 1024,
  );
  /** @param {Record<string, FirstLoad>} weights */
  const biggestImage = (weights) =>
    Math.max(
      0,
      ...Object.values(weights).flatMap(({files}) =>
        files.filter((file) => file.kind === 'image').map((file) => file.bytes),
      ),
    );
  row(
    'Biggest image on any route',
    `${kb(biggestImage(site))} KB`,
    `stock ${kb(biggestImage(stock))} KB`,
    ratioOf(biggestImage(site), biggestImage(stock)),
    `≤ ${budgets.image} KB`,
    biggestImage(site) <= budgets.image * 1024,
  );
  /** @param {Record<string, FirstLoad>} weights */
  const fonts = (weights) =>
    Object.values(weights).reduce(
      (sum, {files}) =>
        sum + files.filter((file) => file.kind === 'font').length,
      0,
    );
  row(
    'Font files loaded, all routes',
    String(fonts(site)),
    `stock ${fonts(stock)}`,
    '',
    '0 (system fonts)',
    fonts(site) === 0,
  );

  details.push(
    '| route | JavaScript | CSS | images | files |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(site).map(
      ([route, weight]) =>
        `| ${route} | ${kb(weight.javascript)} KB | ${kb(weight.css)} KB | ${kb(weight.image)} KB | ${weight.files.length} |`,
    ),
    ...Object.entries(stock).map(
      ([kind, weight]) =>
        `| ${kind} | ${kb(weight.javascript)} KB | ${kb(weight.css)} KB | ${kb(weight.image)} KB | ${weight.files.length} |`,
    ),
    '',
  );
  return {stockOrigin, pages};
}

/**
 * @param {string} siteBuild
 * @param {string} stockOrigin
 * @param {Record<string, string>} pages
 */
async function benchLighthouse(siteBuild, stockOrigin, pages) {
  log(
    'Lighthouse, mobile preset, 3 runs a route (the site with its _headers, and the stock template)',
  );
  const siteOrigin = await serve(siteBuild, portBase + 2);
  await waitForUrl(siteOrigin);
  const site = await lighthouseRoutes(
    routes.map((route) => `${siteOrigin}${route}`),
    3,
  );
  const stock = byKind(
    await lighthouseRoutes(
      Object.values(pages).map((pathname) => `${stockOrigin}${pathname}`),
      3,
    ),
    pages,
    stockOrigin,
  );
  const sites = Object.values(site);
  const stocks = Object.values(stock);
  /**
   * @param {Summary[]} results
   * @param {string} category
   */
  const lowest = (results, category) =>
    Math.min(...results.map((result) => result.scores[category]));
  for (const [category, target] of /** @type {[string, number][]} */ ([
    ['performance', 0.95],
    ['accessibility', 1],
    ['best-practices', 1],
    ['seo', 1],
  ])) {
    row(
      `Lighthouse ${category}, lowest route`,
      lowest(sites, category).toFixed(2),
      `stock ${lowest(stocks, category).toFixed(2)}`,
      '',
      `≥ ${target.toFixed(2)}`,
      lowest(sites, category) >= target,
    );
  }
  /** @param {Summary[]} results */
  const worstBlocking = (results) =>
    Math.max(...results.map((result) => result.totalBlockingTime));
  row(
    'Total blocking time, worst route',
    `${worstBlocking(sites).toFixed(0)} ms`,
    `stock ${worstBlocking(stocks).toFixed(0)} ms`,
    ratioOf(worstBlocking(sites), worstBlocking(stocks)),
    '≤ 0.50 × stock',
    worstBlocking(sites) <= worstBlocking(stocks) / 2,
  );
  const worstShift = Math.max(...sites.map((result) => result.layoutShift));
  row(
    'Cumulative layout shift, worst route',
    worstShift.toFixed(3),
    `stock ${Math.max(...stocks.map((result) => result.layoutShift)).toFixed(3)}`,
    '',
    '0',
    worstShift === 0,
  );
  const paintKinds = [
    ...new Set(sites.map((result) => result.largestPaintKind)),
  ];
  row(
    'Largest contentful paint element, all routes',
    paintKinds.join(', '),
    '',
    '',
    'text or a sized image',
    paintKinds.every((kind) => kind !== 'unsized image'),
  );

  details.push(
    '| route | performance | accessibility | best practices | SEO | TBT | LCP | CLS | LCP element | failed audits |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...Object.entries({...site, ...stock}).map(([url, result]) => {
      const name = url.startsWith(siteOrigin)
        ? url.slice(siteOrigin.length)
        : url;
      const {scores} = result;
      return `| ${name} | ${scores.performance.toFixed(2)} | ${scores.accessibility.toFixed(2)} | ${scores['best-practices'].toFixed(2)} | ${scores.seo.toFixed(2)} | ${result.totalBlockingTime.toFixed(0)} ms | ${(result.largestPaint / 1000).toFixed(2)} s | ${result.layoutShift.toFixed(3)} | ${result.largestPaintKind} | ${result.failedAudits.join(', ') || 'none'} |`;
    }),
  );
}

async function benchScale() {
  // The copies are built alike (no git history, the same folder depth), the
  // site alone among them, so that the cost of the generated docs is the
  // difference; the median of the runs evens out this machine's noise.
  const counts = [0, 250, 1000];
  /** @type {Record<number, Measurement[]>} */
  const results = Object.fromEntries(counts.map((count) => [count, []]));
  for (const count of counts) {
    const dir = path.join(work, `scale-${count}`);
    copySite(dir);
    if (count > 0) addGeneratedDocs(dir, count);
  }
  for (let run = 1; run <= runs; run += 1) {
    for (const count of counts) {
      log(
        `scale ${run}/${runs}: the site with ${count} generated docs, built with Rspack`,
      );
      results[count].push(
        await measureCommand(docusaurus, ['build'], {
          cwd: path.join(work, `scale-${count}`),
        }),
      );
    }
  }
  /** @param {number} count */
  const time = (count) =>
    median(results[count].map((result) => result.seconds));
  /** @param {number} count */
  const peakMemory = (count) =>
    Math.max(...results[count].map((result) => result.peakMemory));
  /** @param {number} count */
  const perDoc = (count) => (time(count) - time(0)) / count;
  row(
    'Build with 1,000 generated docs, Rspack',
    seconds(time(1000)),
    `250 docs ${seconds(time(250))}`,
    '',
    '≤ 90 s',
    time(1000) <= 90,
  );
  row(
    'Peak memory with 1,000 generated docs',
    megabytes(peakMemory(1000)),
    `250 docs ${megabytes(peakMemory(250))}`,
    '',
    '≤ 1,536 MB',
    peakMemory(1000) <= 1.5 * 1024 ** 3,
  );
  row(
    'Build time per generated doc, 1,000 docs',
    `${(perDoc(1000) * 1000).toFixed(1)} ms`,
    `250 docs ${(perDoc(250) * 1000).toFixed(1)} ms`,
    ratioOf(perDoc(1000), perDoc(250)),
    '≤ 1.33 × 250 docs',
    perDoc(1000) / perDoc(250) <= 4 / 3,
  );
  details.push(
    '',
    `Scale builds (median of ${runs}): the site alone ${seconds(time(0))}, with 250 docs ${seconds(time(250))}, with 1,000 docs ${seconds(time(1000))}. Per generated doc: (build time with the docs − build time of the site alone) ÷ number of docs. Runs: ${counts.map((count) => `${count} docs ${results[count].map((result) => seconds(result.seconds)).join(', ')}`).join('; ')}.`,
  );
}

async function benchDevServer() {
  log('npm start: first page, then an edited doc');
  const dir = path.join(work, 'dev-site');
  copySite(dir);
  try {
    const result = await measureDevServer({
      siteDir: dir,
      docusaurus,
      port: portBase + 3,
    });
    row(
      'npm start: first page served',
      seconds(result.firstPage),
      '',
      '',
      '< 20 s',
      result.firstPage < 20,
    );
    row(
      'npm start: an edited doc shows in the open page',
      seconds(result.editShown),
      result.reloaded ? 'page reloaded' : 'no reload',
      '',
      'no restart',
      !result.reloaded,
    );
  } finally {
    stopAll();
  }
}

function table() {
  const lines = [
    '| figure | measured | reference | ratio | target | met |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      ({figure, value, reference, ratio, target, met}) =>
        `| ${[figure, value, reference, ratio, target, met === null ? '' : met ? 'yes' : '**no**'].map((cell) => cell || '—').join(' | ')} |`,
    ),
  ];
  return lines.join('\n');
}

function chromiumVersion() {
  try {
    return execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown Chromium';
  }
}

// The hand-written notes at the end of BENCHMARKS.md (what was tried, what
// holds a missed target back) outlive each run.
const notesHeading = '## Notes';

/** @param {string} file */
function keptNotes(file) {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = previous.indexOf(notesHeading);
  return start === -1 ? '' : `\n${previous.slice(start).trimEnd()}\n`;
}

function writeReport() {
  const file = path.join(root, 'BENCHMARKS.md');
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, ${chromiumVersion()}`;
  const command = [
    'npm run bench',
    options.all
      ? '-- --all'
      : [options.lighthouse && '--lighthouse', options.scale && '--scale']
          .filter(Boolean)
          .join(' ')
          .replace(/^(?=.)/, '-- '),
  ]
    .join(' ')
    .trim();
  const report = `# Benchmarks

Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}.

Each reference is measured in the same run as the figure beside it. The stock
template is \`create-docusaurus@${stockVersion}\`'s classic template, installed on
its own (React 19, webpack), as a new site starts, and measured on one page of
each kind the site has. Bytes are the gzip size of each file a page loads;
prefetches are not counted.
${runLighthouse ? '' : '\nLighthouse was not run: `npm run bench -- --lighthouse`.'}${runScale ? '' : '\nThe generated-docs build was not run: `npm run bench -- --scale`.'}

${table()}

## Details

${details.join('\n')}
${keptNotes(file)}`;
  writeFileSync(file, report);
}

async function main() {
  rmSync(work, {recursive: true, force: true});
  mkdirSync(work, {recursive: true});
  await benchBuilds();
  const {beforeBuild} = options.before
    ? await benchBeforeAfter(options.before)
    : {};
  const stockBuild = await buildStockTemplate();
  const siteBuild = path.join(work, 'build-rspack');
  const {stockOrigin, pages} = await benchBytes(siteBuild, stockBuild);
  if (runLighthouse) {
    await benchLighthouse(siteBuild, stockOrigin, pages);
    await benchSameContent(siteBuild, {beforeBuild, ref: options.before});
  }
  stopAll();
  if (runScale) await benchScale();
  await benchDevServer();
  console.log(`\n${table()}\n`);
  writeReport();
  log('wrote BENCHMARKS.md and tools/page-weight-baseline.json');
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    rmSync(work, {recursive: true, force: true});
    process.exit(130);
  });
}

try {
  await main();
} finally {
  stopAll();
  if (existsSync(work)) rmSync(work, {recursive: true, force: true});
}
