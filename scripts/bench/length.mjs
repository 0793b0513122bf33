// What a doc's length costs a reader: a copy of the site with a long doc
// (about 20,000 words) and a short one (about 300) beside its Projects pages
// (length-docs.mjs), built once and served with its _headers; for both, the
// first-load JavaScript and, with --lighthouse, the total blocking time of
// several Lighthouse runs taken in turn.
import path from 'node:path';
import {kb} from '../../tools/page-weight.mjs';
import {copySite} from '../../tools/site-copy.mjs';
import {addLengthDocs, lengthDocIds} from './length-docs.mjs';
import {lighthouseRuns} from './lighthouse.mjs';
import {measureRoutes} from './page-weights.mjs';
import {measureCommand, waitForUrl} from './processes.mjs';
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
  seconds,
} from './report.mjs';
import {docusaurus, log, ports, serve, work} from './workspace.mjs';

const runs = 5;

/** The long doc may load this much more JavaScript than the short one, in KB. */
const extraJavascript = 10;
/** Its blocking time may be this many times the short one's. */
const blockingFactor = 1.5;

/** @param {{lighthouse: boolean}} options */
export async function benchLength({lighthouse}) {
  const dir = path.join(work, 'length-site');
  copySite(dir);
  const words = addLengthDocs(dir);
  log(
    `doc length: the site with a ${words.long}-word doc and a ${words.short}-word doc, built with Rspack`,
  );
  const build = await measureCommand(docusaurus, ['build'], {cwd: dir});
  const origin = await serve(path.join(dir, 'build'), ports.length);
  await waitForUrl(origin);
  const long = `/docs/${lengthDocIds.long}`;
  const short = `/docs/${lengthDocIds.short}`;
  const weights = await measureRoutes({origin, routes: [short, long]});
  const extra = weights[long].javascript - weights[short].javascript;
  row(
    `Doc length: JavaScript on first load, ${words.long}-word doc`,
    kilobytes(weights[long].javascript),
    `${words.short}-word doc ${kilobytes(weights[short].javascript)}`,
    ratioOf(weights[long].javascript, weights[short].javascript),
    `≤ short + ${extraJavascript} KB`,
    extra <= extraJavascript * 1024,
  );
  detail(
    '',
    `Doc length: the site with a ${words.long}-word doc (${long}) and a ${words.short}-word doc (${short}), built in ${seconds(build.seconds)}. First-load JavaScript: ${kilobytes(weights[long].javascript)} against ${kilobytes(weights[short].javascript)}, ${extra >= 0 ? '+' : '−'}${kb(Math.abs(extra))} KB. The long doc's scripts: ${weights[
      long
    ].files
      .filter((file) => file.kind === 'javascript')
      .map((file) => `${path.basename(file.path)} ${kilobytes(file.bytes)}`)
      .join(', ')}.`,
    '',
  );
  if (!lighthouse) return;

  log(`doc length: Lighthouse, ${runs} runs of each doc in turn`);
  const results = await lighthouseRuns(
    [`${origin}${short}`, `${origin}${long}`],
    runs,
  );
  /** @param {string} route */
  const blocking = (route) =>
    results[`${origin}${route}`].map((run) => run.totalBlockingTime);
  const ratio = compare(blocking(long), blocking(short));
  row(
    `Doc length: total blocking time, ${words.long}-word doc, ${runs} runs`,
    medianAndBest(blocking(long), ms),
    `${words.short}-word doc ${medianAndBest(blocking(short), ms)}`,
    ratios(ratio),
    `≤ ${blockingFactor} × short, median and best`,
    ratio.median <= blockingFactor && ratio.best <= blockingFactor,
  );
  detail(
    `Doc length, each Lighthouse run in turn (performance/total blocking time): ${[
      ['short', short],
      ['long', long],
    ]
      .map(
        ([name, route]) =>
          `${name}: ${results[`${origin}${route}`]
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
