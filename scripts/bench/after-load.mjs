// After the first load: what a reader does next, on the site's longest doc
// and on the 20,000-word bench doc (length-docs.mjs), beside the stock
// template holding the same Markdown and, with --before REF, the site at REF
// with the same docs; measured in Chromium at 4× CPU slowdown with the Event
// Timing API (interactions.mjs), the sides taken in turn in every run; and,
// beside the site at REF, how long a first load at 4× takes to lay out each
// block of the doc once. Also the first-load JavaScript of a doc with Tabs
// and details, beside the same doc without them.
import path from 'node:path';
import {budgets} from '../../tools/page-weight.mjs';
import {commitCopy, copySite} from '../../tools/site-copy.mjs';
import {
  cpuSlowdown,
  eventTimingFloor,
  interactionNames,
  measureAfterLoad,
} from './interactions.mjs';
import {copySiteAt} from './builds.mjs';
import {addLengthDocs, lengthDocIds} from './length-docs.mjs';
import {measureRoutes} from './page-weights.mjs';
import {measureCommand, median, waitForUrl} from './processes.mjs';
import {
  compare,
  detail,
  kilobytes,
  medianAndBest,
  ms,
  ratioOf,
  ratios,
  row,
} from './report.mjs';
import {longestDoc} from './same-doc.mjs';
import {stockWithDocs} from './stock.mjs';
import {docusaurus, log, ports, serve, work} from './workspace.mjs';

const runs = 3;

/** A figure's ceiling against stock, and in ms, where the target has one. */
const targets = {
  navigation: {ofStock: 0.5, ms: 150},
  blocking: {ofStock: 0.5, ms: Infinity},
  interaction: {ofStock: 0.5, ms: 100},
};

/**
 * Builds a copy of the site (the checkout's, or at `ref`) with the bench docs;
 * returns its build.
 * @param {string} dir
 * @param {string} [ref]
 */
async function buildWithLengthDocs(dir, ref) {
  if (ref) copySiteAt(ref, dir);
  else copySite(dir);
  addLengthDocs(dir);
  commitCopy(dir);
  await measureCommand(docusaurus, ['build'], {cwd: dir});
  return path.join(dir, 'build');
}

/** @param {number[]} values */
const msAndBest = (values) =>
  medianAndBest(values, (value) =>
    value <= eventTimingFloor ? `≤ ${ms(eventTimingFloor)}` : ms(value),
  );

/** @param {{ref?: string}} options */
export async function benchAfterLoad({ref}) {
  log('after the first load: the site and the stock template with the docs');
  const site = path.join(work, 'after-load-site');
  const siteBuild = await buildWithLengthDocs(site);
  const beforeBuild =
    ref &&
    (await buildWithLengthDocs(path.join(work, 'after-load-before'), ref));
  const longest = longestDoc();
  const stockBuild = await stockWithDocs({
    siteDir: site,
    docs: [
      longest,
      ...[lengthDocIds.long, lengthDocIds.short].map((id) => `${id}.mdx`),
    ],
    outDir: 'build-after-load',
  });
  const sides = {
    site: await serve(siteBuild, ports.afterLoadSite),
    ...(beforeBuild && {
      [`site at ${ref}`]: await serve(beforeBuild, ports.afterLoadBefore),
    }),
    stock: await serve(stockBuild, ports.afterLoadStock),
  };
  await Promise.all(Object.values(sides).map((origin) => waitForUrl(origin)));

  const short = `/docs/${lengthDocIds.short}`;
  const plain = `/docs/${lengthDocIds.plain}`;
  const weights = await measureRoutes({
    origin: sides.site,
    routes: [short, plain],
  });
  row(
    'JavaScript on first load, a doc with Tabs and details',
    kilobytes(weights[short].javascript),
    `the same doc without them ${kilobytes(weights[plain].javascript)}`,
    ratioOf(weights[short].javascript, weights[plain].javascript),
    `≤ ${budgets.javascript} KB`,
    weights[short].javascript <= budgets.javascript * 1024,
  );
  const extraScripts = weights[short].files.filter(
    (file) =>
      file.kind === 'javascript' &&
      !weights[plain].files.some((other) => other.path === file.path),
  );
  detail(
    `A doc with Tabs and details (${short}) beside the same doc without them (${plain}): the scripts only the first loads, ${
      extraScripts
        .map((file) => `${path.basename(file.path)} ${kilobytes(file.bytes)}`)
        .join(', ') || 'none'
    }.`,
    '',
  );

  const docs = [
    {name: 'the longest doc', route: `/docs/${longest.replace(/\.mdx?$/, '')}`},
    {name: 'the 20,000-word doc', route: `/docs/${lengthDocIds.long}`},
  ].map((doc) => ({...doc, from: '/docs/intro'}));
  log(
    `after the first load: ${docs.map((doc) => doc.route).join(' and ')}, ${runs} runs at ${cpuSlowdown}× CPU slowdown`,
  );
  const results = await measureAfterLoad({sides, docs, runs});
  for (const doc of docs) {
    const of = results[doc.name];
    const figures = [
      {
        name: 'navigation',
        label: `click on its sidebar link from ${doc.from} to the frame painted with all of it`,
        target: targets.navigation,
      },
      {
        name: 'blocking',
        label: 'blocking time in the 3 s after that click',
        target: targets.blocking,
      },
      ...interactionNames.map((name) => ({
        name,
        label: `${name}, Event Timing duration`,
        target: targets.interaction,
      })),
      {
        name: 'layout in turn',
        label:
          'a first load, from the start of navigation to each block of the doc laid out once',
        target: undefined,
      },
    ];
    for (const {name, label, target} of figures) {
      const values = of.site[name];
      if (!values) continue;
      for (const reference of Object.keys(sides).filter(
        (side) => side !== 'site',
      )) {
        const referenceValues = of[reference][name];
        if (!referenceValues) continue;
        const ratio = compare(values, referenceValues);
        // A target is set against stock; a figure stock has no part in
        // (the layout in turn) has none.
        const goal = reference === 'stock' ? target : undefined;
        row(
          // The runs and the slowdown are in the family's detail line.
          `After load, ${doc.route}: ${label}`,
          msAndBest(values),
          `${reference} ${msAndBest(referenceValues)}`,
          ratios(ratio),
          !goal
            ? ''
            : goal.ms === Infinity
              ? `≤ ${goal.ofStock} × stock, median and best`
              : `≤ ${goal.ofStock} × stock and ≤ ${ms(goal.ms)}, median and best`,
          goal
            ? ratio.median <= goal.ofStock &&
                ratio.best <= goal.ofStock &&
                median(values) <= goal.ms &&
                Math.min(...values) <= goal.ms
            : null,
        );
      }
    }
    detail(
      `After the first load, ${doc.route}, each run in turn (ms): ${Object.keys(
        sides,
      )
        .map(
          (side) =>
            `${side}: ${Object.entries(of[side])
              .map(
                ([name, values]) =>
                  `${name} ${values.map((value) => value.toFixed(0)).join('/')}`,
              )
              .join('; ')}`,
        )
        .join(' — ')}.`,
      '',
    );
  }
}
