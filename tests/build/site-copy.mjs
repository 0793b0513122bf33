// Builds a temporary copy of the site with one writer's mistake in it, for the
// tests that check the build refuses it and names where it is.
import {spawn} from 'node:child_process';
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {commitCopy, copySite} from '../../tools/site-copy.mjs';

/** @typedef {{code: number | null, output: string}} BuildResult */

/**
 * Copies the site to a temporary folder, lets `mistake(site)` change it (see
 * `edit`), runs `docusaurus build` there (with `args`) and returns its exit
 * code and output.
 * @param {(site: string) => void | Promise<void>} mistake
 * @param {string[]} [args]
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<BuildResult>}
 */
export async function buildWith(mistake, args = [], env = process.env) {
  const site = await mkdtemp(path.join(tmpdir(), 'nodekeeper-site-'));
  try {
    copySite(site);
    commitCopy(site);
    await mistake(site);
    return await run(site, args, env);
  } finally {
    await rm(site, {recursive: true, force: true});
  }
}

/**
 * Runs `docusaurus build` in `site`, with `args`, and returns its exit code and output.
 * @param {string} site
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<BuildResult>}
 */
export function run(site, args, env = process.env) {
  const docusaurus = path.join(
    site,
    'node_modules/@docusaurus/core/bin/docusaurus.mjs',
  );
  return new Promise((resolve) => {
    const build = spawn(process.execPath, [docusaurus, 'build', ...args], {
      cwd: site,
      env: {...env, FORCE_COLOR: '0', NO_COLOR: '1'},
    });
    let output = '';
    build.stdout.on('data', (chunk) => (output += chunk));
    build.stderr.on('data', (chunk) => (output += chunk));
    build.on('close', (code) => resolve({code, output}));
  });
}

/**
 * Replaces `search` in the site's `file`, or with `all` every time it occurs
 * there; fails if `search` is not there.
 * @param {string} site
 * @param {string} file
 * @param {string} search
 * @param {string} replacement
 * @param {{all?: boolean}} [options]
 */
export async function edit(site, file, search, replacement, {all} = {}) {
  const text = await readFile(path.join(site, file), 'utf8');
  if (!text.includes(search))
    throw new Error(
      `${file} no longer contains ${JSON.stringify(search)}: update this test`,
    );
  await writeFile(
    path.join(site, file),
    all
      ? text.replaceAll(search, replacement)
      : text.replace(search, replacement),
  );
}

/**
 * Appends `text` to the site's `file`.
 * @param {string} site
 * @param {string} file
 * @param {string} text
 */
export async function append(site, file, text) {
  await writeFile(
    path.join(site, file),
    (await readFile(path.join(site, file), 'utf8')) + text,
  );
}
