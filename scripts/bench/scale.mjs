// The site with 250 and 1,000 generated docs (scale-site.mjs) beside the site
// alone: build time, peak memory and the cost of each generated doc.
import path from 'node:path';
import {commitCopy, copySite} from '../../tools/site-copy.mjs';
import {measureCommand, median} from './processes.mjs';
import {addGeneratedDocs} from './scale-site.mjs';
import {
  detail,
  medianAndBest,
  megabytes,
  ratioOf,
  row,
  seconds,
} from './report.mjs';
import {docusaurus, log, work} from './workspace.mjs';

/** @typedef {import('./processes.mjs').Measurement} Measurement */

/** The build of 1,000 generated docs must stay within these. */
const targets = {seconds: 45, memory: 1.2 * 1024 ** 3};

/** @param {number} runs */
export async function benchScale(runs) {
  // The copies are built alike (each a git repository of one commit, as a
  // writer's clone is; the same folder depth), the site alone among them, so that the cost of the generated docs is the
  // difference; the median of the runs evens out this machine's noise.
  const counts = [0, 250, 1000];
  /** @type {Record<number, Measurement[]>} */
  const results = Object.fromEntries(counts.map((count) => [count, []]));
  for (const count of counts) {
    const dir = path.join(work, `scale-${count}`);
    copySite(dir);
    if (count > 0) addGeneratedDocs(dir, count);
    commitCopy(dir);
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
  const times = (count) => results[count].map((result) => result.seconds);
  /** @param {number} count */
  const time = (count) => median(times(count));
  /** @param {number} count */
  const peakMemory = (count) =>
    Math.max(...results[count].map((result) => result.peakMemory));
  /** @param {number} count */
  const perDoc = (count) => (time(count) - time(0)) / count;
  row(
    `Build with 1,000 generated docs, Rspack (${runs} runs)`,
    medianAndBest(times(1000), seconds),
    `250 docs ${medianAndBest(times(250), seconds)}`,
    '',
    `≤ ${targets.seconds} s (median)`,
    time(1000) <= targets.seconds,
  );
  row(
    'Peak memory with 1,000 generated docs (highest run)',
    megabytes(peakMemory(1000)),
    `250 docs ${megabytes(peakMemory(250))}`,
    '',
    `≤ 1.2 GB (${megabytes(targets.memory)})`,
    peakMemory(1000) <= targets.memory,
  );
  row(
    'Build time per generated doc, 1,000 docs',
    `${(perDoc(1000) * 1000).toFixed(1)} ms`,
    `250 docs ${(perDoc(250) * 1000).toFixed(1)} ms`,
    ratioOf(perDoc(1000), perDoc(250)),
    '≤ 1.33 × 250 docs',
    perDoc(1000) / perDoc(250) <= 4 / 3,
  );
  detail(
    '',
    `Scale builds (median of ${runs}): the site alone ${seconds(time(0))}, with 250 docs ${seconds(time(250))}, with 1,000 docs ${seconds(time(1000))}. Per generated doc: (build time with the docs − build time of the site alone) ÷ number of docs. Runs: ${counts.map((count) => `${count} docs ${times(count).map(seconds).join(', ')}`).join('; ')}.`,
    '',
  );
}
