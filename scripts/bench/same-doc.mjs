// The same doc in two sites: the site's longest doc beside the same doc copied
// into the stock template (built with the same Prism languages; the stock
// template highlights in the browser), and with --before the doc as the site
// was at that ref. Lighthouse's mobile preset, the pages taken in turn.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {lighthouseRuns} from './lighthouse.mjs';
import {median, waitForUrl} from './processes.mjs';
import {
  compare,
  detail,
  kilobytes,
  medianAndBest,
  ms,
  ratioOf,
  ratios,
  row,
  score,
} from './report.mjs';
import {stockWithDocs} from './stock.mjs';
import {log, ports, root, serve} from './workspace.mjs';

const runs = 5;

/** The site's longest published doc, as a path under docs/. */
export function longestDoc() {
  const docsDir = path.join(root, 'docs');
  const docs = readdirSync(docsDir, {recursive: true, encoding: 'utf8'}).filter(
    (file) =>
      /\.mdx?$/.test(file) &&
      !/^draft: true$/m.test(readFileSync(path.join(docsDir, file), 'utf8')),
  );
  return docs.sort(
    (a, b) =>
      statSync(path.join(docsDir, b)).size -
      statSync(path.join(docsDir, a)).size,
  )[0];
}

/**
 * @param {string} siteBuild
 * @param {{beforeBuild?: string, ref?: string}} before
 */
export async function benchSameDoc(siteBuild, {beforeBuild, ref}) {
  const doc = longestDoc();
  const route = `/docs/${doc.replace(/\.mdx?$/, '')}`;
  log(
    `same doc: ${doc} in the stock template, built and measured beside the site's`,
  );
  const stockBuild = await stockWithDocs({
    siteDir: root,
    docs: [doc],
    outDir: 'build-same-doc',
  });
  const origins = {
    site: await serve(siteBuild, ports.sameDocSite),
    ...(beforeBuild && {
      [`site at ${ref}`]: await serve(beforeBuild, ports.sameDocBefore),
    }),
    stock: await serve(stockBuild, ports.sameDocStock),
  };
  await Promise.all(Object.values(origins).map((origin) => waitForUrl(origin)));
  const urls = Object.fromEntries(
    Object.entries(origins).map(([name, origin]) => [
      name,
      `${origin}${route}`,
    ]),
  );
  const results = await lighthouseRuns(Object.values(urls), runs);
  /** @param {string} name */
  const of = (name) => results[urls[name]];
  /** @param {string} name */
  const figures = (name) => ({
    performance: of(name).map((run) => run.scores.performance),
    blocking: of(name).map((run) => run.totalBlockingTime),
    script: of(name).map((run) => run.scriptBytes),
  });
  const site = figures('site');
  for (const name of Object.keys(urls).filter((name) => name !== 'site')) {
    const reference = figures(name);
    const performance = compare(
      site.performance,
      reference.performance,
      Math.max,
    );
    const blocking = compare(site.blocking, reference.blocking);
    // Against the site as it was, the score must hold; against the stock
    // template, the blocking time must be a fifth of its own or less.
    const asBefore = name !== 'stock';
    row(
      `Same doc (${route}), Lighthouse mobile performance, ${runs} runs`,
      medianAndBest(site.performance, score, Math.max),
      `${name} ${medianAndBest(reference.performance, score, Math.max)}`,
      ratios(performance),
      asBefore ? `≥ ${name} (median)` : '',
      asBefore ? performance.median >= 1 : null,
    );
    row(
      `Same doc, total blocking time, ${runs} runs`,
      medianAndBest(site.blocking, ms),
      `${name} ${medianAndBest(reference.blocking, ms)}`,
      ratios(blocking),
      asBefore ? '' : '≤ 0.20 × stock, median and best',
      asBefore ? null : blocking.median <= 0.2 && blocking.best <= 0.2,
    );
    row(
      `Same doc, JavaScript transferred (median)`,
      kilobytes(median(site.script)),
      `${name} ${kilobytes(median(reference.script))}`,
      ratioOf(median(site.script), median(reference.script)),
      '',
      null,
    );
  }
  detail(
    '',
    `Same doc, ${route}, each Lighthouse run in turn (performance/total blocking time): ${Object.keys(
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
    '',
  );
}
