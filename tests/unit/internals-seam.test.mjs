// Docusaurus's and React's internals are reached through one seam,
// packages/docusaurus-internals: no other tracked file names a `lib/` file of
// @docusaurus/* or an internal file of react-dom.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test} from 'node:test';

// (The brackets keep this line from matching itself.)
const internalPath = String.raw`(@docusaurus/[a-z-]+/lib/|react-dom/[c]js/)`;

// The patches change those files; the dated records tell what was; Babel's
// config is Docusaurus's own template, which names its preset so.
const outsideTheSeam = [
  ':!packages/docusaurus-internals/',
  ':!patches/',
  ':!decisions/',
  ':!babel.config.js',
];

test('no file outside packages/docusaurus-internals reaches a Docusaurus or react-dom internal', () => {
  let found = '';
  try {
    found = execFileSync(
      'git',
      ['grep', '-nE', internalPath, '--', '.', ...outsideTheSeam],
      {encoding: 'utf8'},
    );
  } catch (error) {
    // git grep exits with 1 when nothing matches.
    if (/** @type {{status?: number}} */ (error).status !== 1) throw error;
  }
  assert.equal(
    found,
    '',
    'reach these through @nodekeeper/docusaurus-internals (its README lists each internal)',
  );
});
