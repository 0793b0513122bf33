// First-load bytes of every route of the site, beside one page of each kind
// of the stock template; records each route's files in
// tools/page-weight-baseline.json, what the byte budgets of the tests compare against.
import path from 'node:path';
import {budgets, kb} from '../../tools/page-weight.mjs';
import {measureRoutes, writeBaseline} from './page-weights.mjs';
import {waitForUrl} from './processes.mjs';
import {detail, ratioOf, row} from './report.mjs';
import {byKind, stockPages} from './stock.mjs';
import {log, ports, root, routes, serve} from './workspace.mjs';

/** @typedef {import('../../tools/page-weight.mjs').FirstLoad} FirstLoad */

/**
 * The route of `weights` with the most bytes of `kind`, and its measurement.
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
export async function benchBytes(siteBuild, stockBuild) {
  log('first-load bytes of every route, the site and the stock template');
  const siteOrigin = await serve(siteBuild, ports.siteBytes);
  const stockOrigin = await serve(stockBuild, ports.stockBytes);
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
    `≤ ${budgets.javascript} KB on every route`,
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

  detail(
    '| route | JavaScript | CSS | images | files |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries({...site, ...stock}).map(
      ([name, weight]) =>
        `| ${name} | ${kb(weight.javascript)} KB | ${kb(weight.css)} KB | ${kb(weight.image)} KB | ${weight.files.length} |`,
    ),
    '',
  );
}
