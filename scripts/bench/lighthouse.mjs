// Lighthouse with its default mobile preset (a mid-range phone, slow 4G and a
// slowed CPU, simulated) in Debian's Chromium: the median of several runs of
// each route, by performance score.
import {launch} from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {chromiumFlags, chromiumPath} from '../../tools/chromium.mjs';
import {median} from './processes.mjs';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

/** What the largest contentful paint was: text, or an image with or without a size. */
function largestPaintKind(audit) {
  const snippet = audit?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '';
  if (!/^<(?:img|svg|image|video)\b/i.test(snippet)) return 'text';
  return /\bwidth=/.test(snippet) && /\bheight=/.test(snippet) ? 'sized image' : 'unsized image';
}

function summary({lhr}) {
  return {
    scores: Object.fromEntries(categories.filter((id) => lhr.categories[id]).map((id) => [id, lhr.categories[id].score])),
    totalBlockingTime: lhr.audits['total-blocking-time'].numericValue,
    layoutShift: lhr.audits['cumulative-layout-shift'].numericValue,
    largestPaint: lhr.audits['largest-contentful-paint'].numericValue,
    largestPaintKind: largestPaintKind(lhr.audits['largest-contentful-paint-element']),
    scriptBytes: lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
    failedAudits: Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
      .map((audit) => audit.id),
  };
}

/** Runs Lighthouse `runs` times on each url; returns {url: median run's summary}. */
export async function lighthouseRoutes(urls, runs) {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
  });
  const results = {};
  try {
    for (const url of urls) {
      const summaries = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories});
        summaries.push(summary(result));
      }
      const middle = median(summaries.map((run) => run.scores.performance));
      results[url] = summaries.find((run) => run.scores.performance === middle) ?? summaries[0];
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
 */
export async function lighthouseInterleaved(urls, runs) {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
  });
  const results = Object.fromEntries(urls.map((url) => [url, []]));
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const url of urls) {
        results[url].push(summary(await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance']})));
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
