// Production builds: Rspack beside webpack (time and peak memory), webpack's
// from a copy of the site with experimental_faster off; the site beside the
// same site with its doc content hydrated as Docusaurus does it (no
// static-content plugin); and with --before REF the site as it is beside the
// site as it was at REF. Cold builds, the two sides taken in turn in every
// run.
import {execFileSync} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
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
/** The copy of the site that builds with webpack, the Rspack build's reference. */
const webpackSite = path.join(work, 'webpack');

/**
 * Replaces `search` in the docusaurus.config.ts of the site copied into
 * `dir`; fails if the config no longer holds it, naming the build the bench
 * then cannot make.
 * @param {string} dir
 * @param {string} search
 * @param {string} replacement
 * @param {string} build
 */
function editConfig(dir, search, replacement, build) {
  const config = path.join(dir, 'docusaurus.config.ts');
  const source = readFileSync(config, 'utf8');
  if (!source.includes(search))
    throw new Error(
      `docusaurus.config.ts no longer holds ${JSON.stringify(search)}: the bench cannot build ${build}`,
    );
  writeFileSync(config, source.replace(search, replacement));
}

/**
 * A cold production build of the site in `dir` (the checkout, or a copy in
 * the bench's folder): no cache from an earlier build.
 * @param {string} dir
 * @param {string} outDir
 * @param {Record<string, string>} [env]
 */
async function coldBuild(dir, outDir, env) {
  // Copies link the checkout's node_modules: these are their caches too.
  for (const cache of ['webpack', 'babel-loader'])
    rmSync(path.join(root, 'node_modules/.cache', cache), {
      recursive: true,
      force: true,
    });
  return measureCommand(docusaurus, ['build', '--out-dir', outDir], {
    cwd: dir,
    env,
  });
}

/** The checkout's own build, with Rspack; it leaves .docusaurus/ to npm start. */
function buildWithRspack() {
  return coldBuild(root, rspackBuild, {
    DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.bench/generated',
  });
}

/** The site's production build (Rspack): the one the build figures made, or one made now. */
export async function siteBuild() {
  if (!existsSync(path.join(rspackBuild, 'index.html'))) {
    log('build of the site with Rspack');
    await buildWithRspack();
  }
  return rspackBuild;
}

/**
 * The site with Rspack, SWC and Lightning CSS (the checkout's build) beside a
 * copy of it with `experimental_faster` off: webpack, Babel, Terser, cssnano.
 * @param {number} runs
 */
export async function benchBuilds(runs) {
  copySite(webpackSite);
  editConfig(
    webpackSite,
    'experimental_faster: {',
    'experimental_faster: false && {',
    'the site with webpack, the reference of the Rspack build',
  );
  commitCopy(webpackSite);
  const sides = {
    rspack: buildWithRspack,
    webpack: () => coldBuild(webpackSite, path.join(webpackSite, 'build')),
  };
  /** @type {Record<string, number[]>} */
  const times = {rspack: [], webpack: []};
  /** @type {Record<string, number[]>} */
  const memory = {rspack: [], webpack: []};
  for (let run = 1; run <= runs; run += 1) {
    for (const [bundler, build] of Object.entries(sides)) {
      log(`build ${run}/${runs} with ${bundler}`);
      const result = await build();
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
 * Cold builds of the site copies in `dirs`, taken in turn in every run.
 * @param {Record<string, string>} dirs each side's name and copy
 * @param {number} runs
 * @param {(name: string) => string} describe how the log names a side
 */
async function buildCopiesInTurn(dirs, runs, describe) {
  /** @type {Record<string, number[]>} */
  const times = {};
  /** @type {Record<string, number[]>} */
  const memory = {};
  for (let run = 1; run <= runs; run += 1) {
    for (const [name, dir] of Object.entries(dirs)) {
      log(`build ${run}/${runs} of ${describe(name)}`);
      rmSync(path.join(root, 'node_modules/.cache'), {
        recursive: true,
        force: true,
      });
      rmSync(path.join(dir, 'build'), {recursive: true, force: true});
      const result = await measureCommand(docusaurus, ['build'], {cwd: dir});
      (times[name] ??= []).push(result.seconds);
      (memory[name] ??= []).push(result.peakMemory);
    }
  }
  return {times, memory};
}

/** The line of docusaurus.config.ts that adds the static-content plugin. */
const staticContentPlugin =
  "['@nodekeeper/static-content', {staticComponents}],";

/**
 * What keeping doc content static costs the build: the site beside a copy of
 * it without the static-content plugin, which Docusaurus then builds and
 * hydrates as it does any site.
 * @param {number} runs
 */
export async function benchStaticContentBuild(runs) {
  const dirs = {
    static: path.join(work, 'static-content'),
    hydrated: path.join(work, 'hydrated-content'),
  };
  for (const dir of Object.values(dirs)) copySite(dir);
  editConfig(
    dirs.hydrated,
    staticContentPlugin,
    '',
    'the site without the static-content plugin',
  );
  for (const dir of Object.values(dirs)) commitCopy(dir);
  const {times, memory} = await buildCopiesInTurn(dirs, runs, (name) =>
    name === 'static'
      ? 'the site'
      : 'the site without static content (hydrated as Docusaurus does)',
  );
  const ratio = compare(times.static, times.hydrated);
  row(
    `Production build, Rspack, the site beside it without static content (${runs} cold builds)`,
    medianAndBest(times.static, seconds),
    `hydrated content ${medianAndBest(times.hydrated, seconds)}`,
    ratios(ratio),
    '≤ 1.05 × hydrated content (median)',
    ratio.median <= 1.05,
  );
  row(
    'Peak memory of the production build, beside it without static content (median)',
    megabytes(median(memory.static)),
    `hydrated content ${megabytes(median(memory.hydrated))}`,
    ratioOf(median(memory.static), median(memory.hydrated)),
    '',
    null,
  );
  detail(
    `Build times, the site: ${times.static.map(seconds).join(', ')}; without static content: ${times.hydrated.map(seconds).join(', ')}.`,
    '',
  );
}

/**
 * Copies the site as it was at the git ref `ref` into `dir` (created), with
 * the checkout's node_modules, fixed as `ref` fixed them (`nodeModulesAsIn`).
 * @param {string} ref
 * @param {string} dir
 */
export function copySiteAt(ref, dir) {
  mkdirSync(dir, {recursive: true});
  const archive = execFileSync('git', ['archive', ref], {
    cwd: root,
    maxBuffer: 256 * 1024 ** 2,
  });
  execFileSync('tar', ['-x', '-C', dir], {input: archive});
  nodeModulesAsIn(dir);
}

/**
 * The fixes to dependencies in a patches/ folder, by file name.
 * @param {string} folder
 * @returns {Record<string, string>}
 */
function fixesIn(folder) {
  if (!existsSync(folder)) return {};
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith('.patch'))
      .map((file) => [file, readFileSync(path.join(folder, file), 'utf8')]),
  );
}

/**
 * The package a patch-package file fixes: `@scope+name+1.2.3.patch`, or one
 * of a sequence, `@scope+name+1.2.3+001+what.patch`, fixes `@scope/name`.
 * @param {string} file
 */
export function patchedPackage(file) {
  const parts = file.split('+');
  return parts
    .slice(
      0,
      parts.findIndex((part) => /^\d+\.\d+\.\d+/.test(part)),
    )
    .join('/');
}

/**
 * Gives the site copied into `dir` the checkout's node_modules: linked when
 * its patches/ are the checkout's; otherwise a copy with the copy's fixes
 * instead, so that the site as it was runs its dependencies as they were.
 * The copy links the checkout's files (where it can: on the checkout's file
 * system), except the packages either set of fixes changes, copied whole so
 * that fixing them leaves the checkout's alone, and the build caches, which
 * each site keeps its own.
 * @param {string} dir
 */
function nodeModulesAsIn(dir) {
  const checkoutModules = path.join(root, 'node_modules');
  const modules = path.join(dir, 'node_modules');
  const fixesNow = fixesIn(path.join(root, 'patches'));
  const fixesThen = fixesIn(path.join(dir, 'patches'));
  const files = new Set([...Object.keys(fixesNow), ...Object.keys(fixesThen)]);
  if ([...files].every((file) => fixesNow[file] === fixesThen[file])) {
    symlinkSync(checkoutModules, modules, 'dir');
    return;
  }
  try {
    execFileSync('cp', ['-al', checkoutModules, modules], {stdio: 'ignore'});
  } catch {
    // Another file system than the checkout's: no links across it.
    rmSync(modules, {recursive: true, force: true});
    execFileSync('cp', ['-a', checkoutModules, modules]);
  }
  rmSync(path.join(modules, '.cache'), {recursive: true, force: true});
  for (const name of new Set([...files].map(patchedPackage))) {
    rmSync(path.join(modules, name), {recursive: true});
    execFileSync('cp', [
      '-a',
      path.join(checkoutModules, name),
      path.join(modules, name),
    ]);
  }
  const patchPackage = path.join(checkoutModules, '.bin/patch-package');
  execFileSync(
    patchPackage,
    [
      '--reverse',
      '--patch-dir',
      path.relative(dir, path.join(root, 'patches')),
    ],
    {cwd: dir, stdio: 'ignore'},
  );
  execFileSync(patchPackage, [], {cwd: dir, stdio: 'ignore'});
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
  copySiteAt(ref, before);
  copySite(after);
  commitCopy(before);
  commitCopy(after);
  const {times, memory} = await buildCopiesInTurn(
    {before, after},
    runs,
    (name) => `the site ${name === 'before' ? `at ${ref}` : 'as it is'}`,
  );
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
