import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {copySiteAt, patchedPackage} from '../../scripts/bench/builds.mjs';
import {tempDirSync} from '../support/temp-dir.mjs';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * The file a patch changes, as its diff names it.
 * @param {string} patch
 */
const patchedFile = (patch) =>
  /^diff --git a\/(\S+)/m.exec(
    readFileSync(path.join(root, 'patches', patch), 'utf8'),
  )?.[1] ?? assert.fail(`patches/${patch} names no file`);
const pendingNavigation = patchedFile(
  '@docusaurus+core+3.7.0+001+pending-navigation-own-router-value.patch',
);

test("the bench's copy of the site at a commit whose fixes to the dependencies differ runs them as fixed then, and leaves the checkout's as they are", (t) => {
  const added = execFileSync(
    'git',
    [
      'log',
      '--format=%H',
      '--diff-filter=A',
      '--',
      'patches/@docusaurus+core+3.7.0.patch',
    ],
    {cwd: root, encoding: 'utf8'},
  ).trim();
  assert.ok(added, 'the commit that added the fixes to @docusaurus/core');
  const dir = tempDirSync(t, 'site-copy-');
  copySiteAt(`${added}^`, dir);

  /** @param {string} base */
  const read = (base) =>
    readFileSync(path.join(base, pendingNavigation), 'utf8');
  assert.doesNotMatch(read(dir), /Patched/);
  assert.match(read(root), /Patched/);
  // The fixes of that time to other packages are there too.
  assert.match(
    readFileSync(
      path.join(
        dir,
        patchedFile(
          '@docusaurus+theme-common+3.7.0+002+toc-measure-after-paint.patch',
        ),
      ),
      'utf8',
    ),
    /Patched/,
  );
  // A package no fix changes is the checkout's own file, linked, where the
  // copy is on the checkout's file system; copied where it is not.
  /** @param {string} base */
  const file = (base) =>
    statSync(path.join(base, 'node_modules/react/package.json'));
  assert.equal(
    file(dir).ino === file(root).ino,
    statSync(dir).dev === statSync(root).dev,
  );
});

test('a patch file names the package it fixes, alone or one of a sequence', () => {
  assert.equal(patchedPackage('react-dom+18.3.1.patch'), 'react-dom');
  assert.equal(
    patchedPackage('@docusaurus+core+3.7.0+002+prefetch-chunk-once.patch'),
    '@docusaurus/core',
  );
  assert.equal(
    patchedPackage('@docusaurus+theme-common+3.7.0.dev.patch'),
    '@docusaurus/theme-common',
  );
});
