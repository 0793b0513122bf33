// Lighthouse with its default mobile preset (a mid-range phone, slow 4G and a
// slowed CPU, simulated) in Debian's Chromium. Several urls are measured in
// turn (the first, the second, ..., then again), so that the machine's slow
// moments fall on all of them alike.
import {launch} from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {chromiumFlags, chromiumPath} from '../../tools/chromium.mjs';
import {median} from './processes.mjs';

/** Every category of Lighthouse 13's default config. */
export const allCategories = [
  'performance',
  'accessibility',
  'best-practices',
  'seo',
  'agentic-browsing',
];

/** @typedef {import('lighthouse').Result} Report */
/** @typedef {Report['audits'][string]} Audit */

/**
 * Lighthouse's benchmark index of each run (its measure of the CPU's speed at
 * the time; higher is faster): on a shared machine it says how busy the
 * machine was while the figures were taken.
 * @type {number[]}
 */
export const benchmarkIndexes = [];

/**
 * The audits of a category that applied to the page, and those of them that failed.
 * @typedef {{applicable: number, failed: string[]}} CategoryAudits
 */

/**
 * One Lighthouse run: the category scores it was asked for, the metrics and the failed audits.
 * @typedef {{
 *   scores: Record<string, number>,
 *   agentic: CategoryAudits | null,
 *   totalBlockingTime: number,
 *   layoutShift: number,
 *   largestPaint: number,
 *   largestPaintKind: string,
 *   scriptBytes: number,
 *   failedAudits: string[],
 * }} Summary
 */

/**
 * What the largest contentful paint was: text, or an image with or without a
 * size. Lighthouse 13 names the element in its LCP breakdown insight.
 * @param {Audit | undefined} audit
 */
function largestPaintKind(audit) {
  const items = audit?.details?.type === 'list' ? audit.details.items : [];
  const node = items.find((item) => item.type === 'node');
  if (node?.type !== 'node') return 'not found';
  const snippet = node.snippet ?? '';
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
      `Lighthouse measured no ${id} on ${lhr.requestedUrl ?? lhr.finalDisplayedUrl}: ${lhr.audits[id]?.errorMessage ?? lhr.runtimeError?.message ?? 'no value'}`,
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
  for (const [id, category] of Object.entries(lhr.categories)) {
    if (category.score === null)
      throw new Error(
        `Lighthouse gave no ${id} score on ${lhr.requestedUrl ?? lhr.finalDisplayedUrl}: ${lhr.runtimeError?.message ?? 'an audit failed'}`,
      );
    scores[id] = category.score;
  }
  return scores;
}

/**
 * The audits of a category that applied (weighted, not "not applicable"), and the failed ones.
 * @param {Report} lhr
 * @param {string} id
 * @returns {CategoryAudits | null}
 */
function categoryAudits(lhr, id) {
  const category = lhr.categories[id];
  if (!category) return null;
  const applicable = category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) =>
        audit &&
        !['notApplicable', 'informative', 'manual'].includes(
          audit.scoreDisplayMode,
        ),
    );
  return {
    applicable: applicable.length,
    failed: applicable
      .filter((audit) => (audit.score ?? 0) < 1)
      .map((audit) => audit.id),
  };
}

/**
 * The figures the bench reports from one run.
 * @param {import('lighthouse').RunnerResult} result
 * @returns {Summary}
 */
function summary(result) {
  const {lhr} = result;
  const resources = lhr.audits['resource-summary']?.details;
  if (resources?.type !== 'table')
    throw new Error(
      `Lighthouse summarised no resources on ${lhr.requestedUrl ?? lhr.finalDisplayedUrl}`,
    );
  const scriptBytes =
    resources.items.find((item) => item.resourceType === 'script')
      ?.transferSize ?? 0;
  if (typeof scriptBytes !== 'number')
    throw new Error(
      `Lighthouse's script transfer size on ${lhr.requestedUrl ?? lhr.finalDisplayedUrl} is not a number`,
    );
  return {
    scores: scoresOf(lhr),
    agentic: categoryAudits(lhr, 'agentic-browsing'),
    totalBlockingTime: metric(lhr, 'total-blocking-time'),
    layoutShift: metric(lhr, 'cumulative-layout-shift'),
    largestPaint: metric(lhr, 'largest-contentful-paint'),
    largestPaintKind: largestPaintKind(lhr.audits['lcp-breakdown-insight']),
    scriptBytes,
    failedAudits: Object.values(lhr.audits)
      .filter(
        (audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0,
      )
      .map((audit) => audit.id),
  };
}

/**
 * One Lighthouse run of `url`. On this shared machine a page now and then
 * fails to load in time (Lighthouse then audits Chromium's error page): that
 * run is taken again once, and a second failure stops the bench, naming the page.
 * @param {number} port
 * @param {string} url
 * @param {string[]} categories
 */
async function runOnce(port, url, categories) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) {
      benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
      return summary(result);
    }
    if (attempt === 2)
      throw new Error(
        `Lighthouse could not load ${url} twice: ${failure.code} ${failure.message}`,
      );
    console.log(
      `[bench] Lighthouse could not load ${url} (${failure.code}), running it again`,
    );
  }
}

/**
 * Runs Lighthouse `runs` times over `urls` in turn, with the categories
 * asked for (performance alone unless told); returns {url: every run's summary}.
 * @param {string[]} urls
 * @param {number} runs
 * @param {string[]} [categories]
 * @param {(done: number, total: number) => void} [progress]
 */
export async function lighthouseRuns(
  urls,
  runs,
  categories = ['performance'],
  progress = () => {},
) {
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
        progress(run * urls.length + urls.indexOf(url), runs * urls.length);
        results[url].push(await runOnce(chrome.port, url, categories));
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/**
 * The run with the median performance score.
 * @param {Summary[]} summaries
 */
export function medianRun(summaries) {
  const middle = median(summaries.map((run) => run.scores.performance));
  return (
    summaries.find((run) => run.scores.performance === middle) ?? summaries[0]
  );
}
