import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

// A swizzled component either wraps the theme's (it imports @theme-original)
// or is a copy of Docusaurus's code, which is MIT-licensed: a copy keeps the
// notice at its top, and so does each stylesheet beside it.
const themeDirs = [
  'src/theme',
  ...readdirSync('plugins').map((plugin) =>
    path.join('plugins', plugin, 'theme'),
  ),
];
const notice =
  /^\/\*\*\n \* Copyright \(c\) Facebook, Inc\. and its affiliates\.\n \*\n \* This source code is licensed under the MIT license/;

/** @param {string} dir */
function filesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir, {withFileTypes: true, recursive: true});
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && /\.(tsx?|jsx?|css)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const components = themeDirs
  .flatMap(filesUnder)
  .filter((file) => !file.endsWith('.css'));
const copies = components.filter(
  (file) => !readFileSync(file, 'utf8').includes('@theme-original/'),
);

test('the theme folders hold swizzled components', () => {
  assert.ok(components.length >= 5, `found ${components.join(', ')}`);
});

test('every component copied from Docusaurus keeps its MIT notice, as does its stylesheet', () => {
  const stylesheets = copies.flatMap((file) =>
    filesUnder(path.dirname(file)).filter((other) => other.endsWith('.css')),
  );
  const missing = [...copies, ...stylesheets].filter(
    (file) => !notice.test(readFileSync(file, 'utf8')),
  );
  assert.deepEqual(
    missing,
    [],
    `add Docusaurus's MIT notice at the top of: ${missing.join(', ')}`,
  );
});
