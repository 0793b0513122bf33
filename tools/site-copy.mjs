// Copies the site for a build of its own, as the tests of a writer's mistakes
// and the bench make them: every file git tracks, and new ones it does not
// ignore yet, so that the copy is the site as it stands, outputs and caches
// left out. The copy uses the checkout's node_modules.
import {execFileSync} from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The checkout this file is in. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The files of the checkout git knows of, relative to it. */
export function siteFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    {cwd: repoRoot, encoding: 'utf8'},
  );
  return listed
    .split('\0')
    .filter((file) => file && existsSync(path.join(repoRoot, file)));
}

/**
 * Copies the site into `dir` (created if need be) and links node_modules.
 * @param {string} dir
 */
export function copySite(dir) {
  for (const file of siteFiles()) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    cpSync(path.join(repoRoot, file), path.join(dir, file));
  }
  symlinkSync(
    path.join(repoRoot, 'node_modules'),
    path.join(dir, 'node_modules'),
    'dir',
  );
}

/**
 * Makes the copy in `dir` a git repository with its files in one commit, as
 * a writer's clone has them: the build dates every doc from git, and a file
 * git does not track costs the sitemap another git call at the end of the
 * build, when each call is at its slowest (the build's memory to fork).
 * @param {string} dir
 */
export function commitCopy(dir) {
  /** @param {string[]} args */
  const git = (...args) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Site copy', '-c', 'user.email=copy@localhost', ...args],
      {cwd: dir, stdio: 'ignore'},
    );
  git('init', '--quiet');
  // node_modules, a link to the checkout's or a folder of its own, is no
  // part of the site (the site's .gitignore names the folder, not the link).
  appendFileSync(path.join(dir, '.git/info/exclude'), '/node_modules\n');
  git('add', '--all');
  git('commit', '--quiet', '--message', 'The site, copied');
}
