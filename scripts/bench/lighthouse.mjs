// Lighthouse with its default mobile preset (a mid-range phone, slow 4G and a
// slowed CPU, simulated) in Debian's Chromium: the median of several runs of
// each route, by performance score.
import {launch} from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {chromiumFlags, chromiumPath} from '../../tools/chromium.mjs';
import {median} from './processes.mjs';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

/** @typedef {import('lighthouse').Result} Report */
/** @typedef {Report['audits'][string]} Audit */

/**
 * One Lighthouse run: the category scores it was asked for, the metrics and the failed audits.
 * @typedef {{
 *   scores: Record<string, number>,
 *   totalBlockingTime: number,
 *   layoutShift: number,
 *   largestPaint: number,
 *   largestPaintKind: string,
 *   scriptBytes: number,
 *   failedAudits: string[],
 * }} Summary
 */

/**
 * What the largest contentful paint was: text, or an image with or without a size.
 * @param {Audit | undefined} audit
 */
function largestPaintKind(audit) {
  const element =
    audit?.details?.type === 'list' ? audit.details.items[0] : undefined;
  const node = element?.type === 'table' ? element.items[0]?.node : undefined;
  const snippet =
    (typeof node === 'object' && node.type === 'node' && node.snippet) || '';
  if (!/^<(?:img|svg|image|video)\b/i.test(snippet)) return 'text';
  return /\bwidth=/.test(snippet) && /\bheight=/.test(snippet)
    ? 'sized image'
    : 'unsized image';
}

/**
 * A metric of the run; fails, naming the page, when Lighthouse could not measure it.
 * @param {Report} lhr
 * @param {string} id
 */
function metric(lhr, id) {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined)
    throw new Error(
      `Lighthouse measured no ${id} on ${lhr.finalDisplayedUrl}: ${lhr.audits[id]?.errorMessage ?? lhr.runtimeError?.message ?? 'no value'}`,
    );
  return value;
}

/**
 * The scores of the categories run; fails, naming the page, when one has none (the run failed).
 * @param {Report} lhr
 */
function scoresOf(lhr) {
  /** @type {Record<string, number>} */
  const scores = {};
  for (const id of categories.filter((id) => lhr.categories[id])) {
    const {score} = lhr.categories[id];
    if (score === null)
      throw new Error(
        `Lighthouse gave no ${id} score on ${lhr.finalDisplayedUrl}: ${lhr.runtimeError?.message ?? 'an audit failed'}`,
      );
    scores[id] = score;
  }
  return scores;
}

/**
 * The figures the bench reports from one run.
 * @param {import('lighthouse').RunnerResult | undefined} result
 * @returns {Summary}
 */
function summary(result) {
  if (!result) throw new Error('Lighthouse returned no result');
  const {lhr} = result;
  const resources = lhr.audits['resource-summary']?.details;
  if (resources?.type !== 'table')
    throw new Error(
      `Lighthouse summarised no resources on ${lhr.finalDisplayedUrl}`,
    );
  const scriptBytes =
    resources.items.find((item) => item.resourceType === 'script')
      ?.transferSize ?? 0;
  if (typeof scriptBytes !== 'number')
    throw new Error(
      `Lighthouse's script transfer size on ${lhr.finalDisplayedUrl} is not a number`,
    );
  return {
    scores: scoresOf(lhr),
    totalBlockingTime: metric(lhr, 'total-blocking-time'),
    layoutShift: metric(lhr, 'cumulative-layout-shift'),
    largestPaint: metric(lhr, 'largest-contentful-paint'),
    largestPaintKind: largestPaintKind(
      lhr.audits['largest-contentful-paint-element'],
    ),
    scriptBytes,
    failedAudits: Object.values(lhr.audits)
      .filter(
        (audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0,
      )
      .map((audit) => audit.id),
  };
}

/**
 * Runs Lighthouse `runs` times on each url; returns {url: median run's summary}.
 * @param {string[]} urls
 * @param {number} runs
 */
export async function lighthouseRoutes(urls, runs) {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
  });
  /** @type {Record<string, Summary>} */
  const results = {};
  try {
    for (const url of urls) {
      /** @type {Summary[]} */
      const summaries = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
        });
        summaries.push(summary(result));
      }
      const middle = median(summaries.map((run) => run.scores.performance));
      results[url] =
        summaries.find((run) => run.scores.performance === middle) ??
        summaries[0];
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/**
 * Runs Lighthouse `runs` times over `urls` in turn (the first url, the second,
 * ..., then again), so that the machine's slow moments fall on all of them
 * alike; returns {url: every run's summary}.
 * @param {string[]} urls
 * @param {number} runs
 */
export async function lighthouseInterleaved(urls, runs) {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
  });
  /** @type {Record<string, Summary[]>} */
  const results = Object.fromEntries(urls.map((url) => [url, []]));
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const url of urls) {
        results[url].push(
          summary(
            await lighthouse(url, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
            }),
          ),
        );
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
