// Production builds: Rspack beside webpack (time and peak memory), and with
// --before REF the site as it is beside the site as it was at REF. Cold
// builds, the two sides taken in turn in every run.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, rmSync, symlinkSync} from 'node:fs';
import path from 'node:path';
import {commitCopy, copySite} from '../../tools/site-copy.mjs';
import {measureCommand, median} from './processes.mjs';
import {
  compare,
  detail,
  medianAndBest,
  megabytes,
  ratioOf,
  ratios,
  row,
  seconds,
} from './report.mjs';
import {docusaurus, log, root, work} from './workspace.mjs';

/** Where the Rspack build of the site goes; the other figures serve it. */
const rspackBuild = path.join(work, 'build-rspack');

/**
 * A cold production build of the site: no cache from an earlier build.
 * @param {string} bundler
 * @param {string} outDir
 */
async function buildSite(bundler, outDir) {
  for (const cache of ['webpack', 'babel-loader'])
    rmSync(path.join(root, 'node_modules/.cache', cache), {
      recursive: true,
      force: true,
    });
  return measureCommand(docusaurus, ['build', '--out-dir', outDir], {
    cwd: root,
    env: {
      BUNDLER: bundler,
      DOCUSAURUS_GENERATED_FILES_DIR_NAME: `.bench/generated-${bundler}`,
    },
  });
}

/** The site's production build (Rspack): the one the build figures made, or one made now. */
export async function siteBuild() {
  if (!existsSync(path.join(rspackBuild, 'index.html'))) {
    log('build of the site with Rspack');
    await buildSite('rspack', rspackBuild);
  }
  return rspackBuild;
}

/** @param {number} runs */
export async function benchBuilds(runs) {
  /** @type {Record<string, number[]>} */
  const times = {rspack: [], webpack: []};
  /** @type {Record<string, number[]>} */
  const memory = {rspack: [], webpack: []};
  for (let run = 1; run <= runs; run += 1) {
    for (const bundler of ['rspack', 'webpack']) {
      log(`build ${run}/${runs} with ${bundler}`);
      const result = await buildSite(
        bundler,
        bundler === 'rspack' ? rspackBuild : path.join(work, 'build-webpack'),
      );
      times[bundler].push(result.seconds);
      memory[bundler].push(result.peakMemory);
    }
  }
  const ratio = compare(times.rspack, times.webpack);
  row(
    `Production build, Rspack (${runs} cold builds)`,
    medianAndBest(times.rspack, seconds),
    `webpack ${medianAndBest(times.webpack, seconds)}`,
    ratios(ratio),
    '≤ 0.45 × webpack (median)',
    ratio.median <= 0.45,
  );
  row(
    'Peak memory of the production build, Rspack (highest run)',
    megabytes(Math.max(...memory.rspack)),
    `webpack ${megabytes(Math.max(...memory.webpack))}`,
    ratioOf(Math.max(...memory.rspack), Math.max(...memory.webpack)),
    '',
    null,
  );
  detail(
    `Build times, Rspack: ${times.rspack.map(seconds).join(', ')}; webpack: ${times.webpack.map(seconds).join(', ')}.`,
    '',
  );
}

/**
 * The site as it was at git `ref` beside the site as it is, each a copy built
 * alike (cold, with Rspack), one after the other in every run, so that the
 * machine's slow moments fall on both. Returns the build of the site at `ref`.
 * @param {string} ref
 * @param {number} runs
 */
export async function benchBeforeAfter(ref, runs) {
  const before = path.join(work, 'before');
  const after = path.join(work, 'after');
  mkdirSync(before, {recursive: true});
  const archive = execFileSync('git', ['archive', ref], {
    cwd: root,
    maxBuffer: 256 * 1024 ** 2,
  });
  execFileSync('tar', ['-x', '-C', before], {input: archive});
  symlinkSync(
    path.join(root, 'node_modules'),
    path.join(before, 'node_modules'),
    'dir',
  );
  copySite(after);
  commitCopy(before);
  commitCopy(after);
  /** @type {Record<string, number[]>} */
  const times = {before: [], after: []};
  /** @type {Record<string, number[]>} */
  const memory = {before: [], after: []};
  for (let run = 1; run <= runs; run += 1) {
    for (const [name, dir] of [
      ['before', before],
      ['after', after],
    ]) {
      log(
        `build ${run}/${runs} of the site ${name === 'before' ? `at ${ref}` : 'as it is'}`,
      );
      rmSync(path.join(root, 'node_modules/.cache'), {
        recursive: true,
        force: true,
      });
      rmSync(path.join(dir, 'build'), {recursive: true, force: true});
      const result = await measureCommand(docusaurus, ['build'], {cwd: dir});
      times[name].push(result.seconds);
      memory[name].push(result.peakMemory);
    }
  }
  const ratio = compare(times.after, times.before);
  row(
    `Production build, Rspack, the site as it is (${runs} cold builds)`,
    medianAndBest(times.after, seconds),
    `at ${ref} ${medianAndBest(times.before, seconds)}`,
    ratios(ratio),
    '≤ 1.05 × before, median and best',
    ratio.median <= 1.05 && ratio.best <= 1.05,
  );
  row(
    'Peak memory of the production build, the site as it is (median)',
    megabytes(median(memory.after)),
    `at ${ref} ${megabytes(median(memory.before))}`,
    ratioOf(median(memory.after), median(memory.before)),
    '',
    null,
  );
  detail(
    `Build times, the site as it is: ${times.after.map(seconds).join(', ')}; at ${ref}: ${times.before.map(seconds).join(', ')}.`,
    '',
  );
  return path.join(before, 'build');
}
