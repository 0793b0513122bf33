// The site with 250 and 1,000 generated docs (scale-site.mjs) beside the site
// alone: build time, peak memory and the cost of each generated doc. With
// --scale-docs, instead, the generated docs at those counts in the site
// beside the stock template with Rspack, Starlight and Rspress.
import {rmSync} from 'node:fs';
import path from 'node:path';
import {commitCopy, copySite} from '../../tools/site-copy.mjs';
import {measureCommand, median} from './processes.mjs';
import {buildPeer, peerHome, peers} from './peer-sites.mjs';
import {
  addGeneratedDocs,
  peerGeneratedDocs,
  writeGeneratedDocs,
} from './scale-site.mjs';
import {buildStockWithFaster} from './stock.mjs';
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

/**
 * @param {number} runs
 * @param {number[]} docCounts with --scale-docs, the counts built in every side
 */
export async function benchScale(runs, docCounts) {
  if (docCounts.length > 0) return benchScaleBeside(docCounts);
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

/** A build of generated docs still running then is stopped. */
const buildLimitSeconds = 30 * 60;
/** The site's build of 10,000 generated docs must stay within these. */
const largeTargets = {docs: 10_000, seconds: 5 * 60, memory: 4 * 1024 ** 3};

/**
 * A build's time, or that it was stopped at the limit, or failed.
 * @param {Measurement} measurement
 */
const timeOrLimit = (measurement) =>
  measurement.timedOut
    ? `did not finish in ${buildLimitSeconds / 60} min`
    : measurement.failed
      ? `failed after ${seconds(measurement.seconds)}`
      : seconds(measurement.seconds);

/**
 * Runs a build; one that fails is measured as failed, not the bench's end.
 * @param {() => Promise<Measurement>} build
 * @returns {Promise<Measurement>}
 */
async function measuredEvenIfFailed(build) {
  try {
    return await build();
  } catch (error) {
    const measurement = /** @type {{measurement?: Measurement}} */ (error)
      .measurement;
    if (!measurement) throw error;
    return measurement;
  }
}

/**
 * The stages of a Docusaurus build as DOCUSAURUS_PERF_LOGGER prints them
 * (Load site, Bundling, SSG, postBuild, ...), the longest first.
 * @param {string} output
 */
function docusaurusStages(output) {
  return [
    ...output.matchAll(
      /^\[PERF\] Build > [^>\n]+ > ([^>\n]+?) - ([\d.]+) (ms|seconds)/gm,
    ),
  ]
    .map(([, stage, value, unit]) => ({
      stage,
      seconds: Number(value) / (unit === 'ms' ? 1000 : 1),
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

/**
 * The generated docs in the site, the stock template with Rspack, Starlight
 * and Rspress: one build of each count in each, the sides in turn, each
 * stopped at 30 min; the site's build with Docusaurus's timings of its stages.
 * @param {number[]} counts
 */
async function benchScaleBeside(counts) {
  for (const count of counts) {
    /** @type {Record<string, () => Promise<Measurement>>} */
    const sides = {
      site: async () => {
        const dir = path.join(work, `scale-site-${count}`);
        copySite(dir);
        addGeneratedDocs(dir, count);
        commitCopy(dir);
        const measurement = await measureCommand(docusaurus, ['build'], {
          cwd: dir,
          env: {DOCUSAURUS_PERF_LOGGER: 'true'},
          limitSeconds: buildLimitSeconds,
        });
        rmSync(dir, {recursive: true, force: true});
        return measurement;
      },
      'stock (Rspack)': () =>
        buildStockWithFaster({
          name: `scale-${count}`,
          write: (docsDir) => writeGeneratedDocs(docsDir, count),
          outDir: `build-scale-${count}`,
          limitSeconds: buildLimitSeconds,
        }),
      // Starlight last: the one most likely to run to the limit.
      ...Object.fromEntries(
        /** @type {const} */ (['rspress', 'starlight']).map((id) => [
          peers[id].name,
          async () => {
            const {measurement, build} = await buildPeer(
              id,
              {
                'index.md': peerHome(
                  id,
                  '/docs/generated/section-001/node-0001',
                ),
                ...peerGeneratedDocs(id, count),
              },
              {
                outName: `scale-${id}-${count}`,
                limitSeconds: buildLimitSeconds,
              },
            );
            rmSync(build, {recursive: true, force: true});
            return measurement;
          },
        ]),
      ),
    };
    /** @type {Record<string, Measurement>} */
    const results = {};
    for (const [name, build] of Object.entries(sides)) {
      log(`scale: ${count} generated docs in ${name}`);
      results[name] = await measuredEvenIfFailed(build);
      log(
        `scale: ${name}, ${timeOrLimit(results[name])}, peak ${megabytes(results[name].peakMemory)}`,
      );
    }
    const {site, ...references} = results;
    const large = count >= largeTargets.docs;
    /** @param {(measurement: Measurement) => string} format */
    const others = (format) =>
      Object.entries(references)
        .map(([name, measurement]) => `${name} ${format(measurement)}`)
        .join('; ');
    row(
      `Build with ${count.toLocaleString('en')} generated docs (one build each)`,
      timeOrLimit(site),
      others(timeOrLimit),
      '',
      large ? `≤ ${largeTargets.seconds / 60} min` : '',
      large
        ? !site.timedOut && !site.failed && site.seconds <= largeTargets.seconds
        : null,
    );
    row(
      `Peak memory with ${count.toLocaleString('en')} generated docs`,
      megabytes(site.peakMemory),
      others((measurement) => megabytes(measurement.peakMemory)),
      '',
      large ? '≤ 4 GB' : '',
      large ? site.peakMemory <= largeTargets.memory : null,
    );
    for (const [name, measurement] of Object.entries(results))
      if (measurement.failed)
        detail(
          `The build of ${count.toLocaleString('en')} generated docs in ${name} failed: ${measurement.output.trim().split('\n').slice(-3).join(' ')}`,
          '',
        );
    const stages = docusaurusStages(site.output);
    detail(
      `The site's build of ${count.toLocaleString('en')} generated docs, by stage (DOCUSAURUS_PERF_LOGGER): ${
        stages
          .map(({stage, seconds: time}) => `${stage} ${seconds(time)}`)
          .join(', ') || 'none printed (the build did not finish)'
      }.`,
      '',
    );
  }
}
