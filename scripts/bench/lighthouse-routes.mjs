// Lighthouse on every route of the site (served with its _headers) and on one
// page of each kind of the stock template, every category of Lighthouse 13,
// three runs of each page taken in turn; each page's figures are those of its
// median run by performance.
import {allCategories, lighthouseRuns, medianRun} from './lighthouse.mjs';
import {waitForUrl} from './processes.mjs';
import {detail, ms, ratioOf, row, score} from './report.mjs';
import {byKind, stockPages} from './stock.mjs';
import {log, ports, routes, serve} from './workspace.mjs';

/** @typedef {import('./lighthouse.mjs').Summary} Summary */

const runs = 3;

/** The lowest score each category may have on any route. */
const targets = {
  performance: 0.98,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
};

/**
 * @param {string} siteBuild
 * @param {string} stockBuild
 */
export async function benchLighthouseRoutes(siteBuild, stockBuild) {
  log(
    `Lighthouse, mobile preset, ${runs} runs a page in turn (the site with its _headers, and the stock template)`,
  );
  const siteOrigin = await serve(siteBuild, ports.siteLighthouse);
  const stockOrigin = await serve(stockBuild, ports.stockLighthouse);
  await Promise.all([waitForUrl(siteOrigin), waitForUrl(stockOrigin)]);
  const pages = stockPages(stockBuild);
  const siteUrls = routes.map((route) => `${siteOrigin}${route}`);
  const stockUrls = Object.values(pages).map(
    (pathname) => `${stockOrigin}${pathname}`,
  );
  const results = await lighthouseRuns(
    [...siteUrls, ...stockUrls],
    runs,
    allCategories,
    (done, total) => {
      if (done % 10 === 0) log(`Lighthouse run ${done + 1} of ${total}`);
    },
  );
  /** @type {Record<string, Summary>} */
  const site = Object.fromEntries(
    routes.map((route) => [route, medianRun(results[`${siteOrigin}${route}`])]),
  );
  const stock = byKind(
    Object.fromEntries(stockUrls.map((url) => [url, medianRun(results[url])])),
    pages,
    stockOrigin,
  );

  /**
   * The route with the lowest score in `category`, and that score.
   * @param {Record<string, Summary>} summaries
   * @param {string} category
   */
  const lowest = (summaries, category) =>
    Object.entries(summaries)
      .map(
        ([name, result]) =>
          /** @type {const} */ ([name, result.scores[category]]),
      )
      .reduce((low, entry) => (entry[1] < low[1] ? entry : low));
  for (const [category, target] of Object.entries(targets)) {
    const [route, value] = lowest(site, category);
    row(
      `Lighthouse ${category}, lowest route (${route}), median of ${runs}`,
      score(value),
      `stock ${score(lowest(stock, category)[1])}`,
      '',
      `≥ ${score(target)} on every route`,
      value >= target,
    );
  }
  const [agenticRoute, agenticScore] = lowest(site, 'agentic-browsing');
  row(
    `Lighthouse agentic-browsing, lowest route (${agenticRoute})`,
    score(agenticScore),
    `stock ${score(lowest(stock, 'agentic-browsing')[1])}`,
    '',
    '',
    null,
  );
  /** @param {Record<string, Summary>} summaries */
  const worstBlocking = (summaries) =>
    Math.max(
      ...Object.values(summaries).map((result) => result.totalBlockingTime),
    );
  row(
    'Total blocking time, worst route',
    ms(worstBlocking(site)),
    `stock ${ms(worstBlocking(stock))}`,
    ratioOf(worstBlocking(site), worstBlocking(stock)),
    '≤ 0.50 × stock',
    worstBlocking(site) <= worstBlocking(stock) / 2,
  );
  /** @param {Record<string, Summary>} summaries */
  const worstShift = (summaries) =>
    Math.max(...Object.values(summaries).map((result) => result.layoutShift));
  row(
    'Cumulative layout shift, worst route',
    worstShift(site).toFixed(3),
    `stock ${worstShift(stock).toFixed(3)}`,
    '',
    '0',
    worstShift(site) === 0,
  );
  const paintKinds = [
    ...new Set(Object.values(site).map((result) => result.largestPaintKind)),
  ];
  row(
    'Largest contentful paint element, all routes',
    paintKinds.join(', '),
    '',
    '',
    'text or a sized image',
    paintKinds.every((kind) => kind === 'text' || kind === 'sized image'),
  );

  /** @param {Summary} result */
  const agentic = ({agentic}) =>
    agentic
      ? `${agentic.applicable - agentic.failed.length}/${agentic.applicable}${agentic.failed.length > 0 ? ` (failed: ${agentic.failed.join(', ')})` : ''}`
      : '';
  detail(
    '',
    `Lighthouse, each page's median run of ${runs}; agentic browsing gives the audits passed out of those that applied.`,
    '',
    '| page | performance | accessibility | best practices | SEO | agentic browsing | TBT | LCP | CLS | LCP element | failed audits |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...Object.entries({...site, ...stock}).map(([name, result]) => {
      const {scores} = result;
      return `| ${name} | ${score(scores.performance)} | ${score(scores.accessibility)} | ${score(scores['best-practices'])} | ${score(scores.seo)} | ${score(scores['agentic-browsing'])}: ${agentic(result)} | ${ms(result.totalBlockingTime)} | ${(result.largestPaint / 1000).toFixed(2)} s | ${result.layoutShift.toFixed(3)} | ${result.largestPaintKind} | ${result.failedAudits.join(', ') || 'none'} |`;
    }),
    '',
  );
}
