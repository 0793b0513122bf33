import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

// A swizzled component either wraps the theme's (it imports @theme-original)
// or is a copy of Docusaurus's code, which is MIT-licensed: a copy keeps the
// notice at its top, and so does each stylesheet beside it.

/**
 * Every folder named `theme` under `root`, at any depth: a plugin's theme
 * lives at plugins/<group>/<plugin>/theme, and a package may carry one too.
 * @param {string} root
 * @returns {string[]}
 */
function themeFoldersUnder(root) {
  /** @type {string[]} */
  const found = [];
  for (const entry of readdirSync(root, {withFileTypes: true})) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const dir = path.join(root, entry.name);
    if (entry.name === 'theme') found.push(dir);
    else found.push(...themeFoldersUnder(dir));
  }
  return found;
}

const pluginThemeDirs = themeFoldersUnder('plugins');
const themeDirs = [
  'src/theme',
  ...pluginThemeDirs,
  ...themeFoldersUnder('packages'),
];
const notice =
  /^\/\*\*\n \* Copyright \(c\) Facebook, Inc\. and its affiliates\.\n \*\n \* This source code is licensed under the MIT license/;

/** @param {string} dir */
function filesUnder(dir) {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.(tsx?|jsx?|css)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const components = themeDirs
  .flatMap(filesUnder)
  .filter((file) => !file.endsWith('.css'));
const copies = components.filter(
  (file) => !readFileSync(file, 'utf8').includes('@theme-original/'),
);

test('the plugins have theme folders, and each holds a component', () => {
  assert.ok(pluginThemeDirs.length > 0, 'no theme folder under plugins/');
  for (const dir of pluginThemeDirs)
    assert.ok(
      components.some((file) => file.startsWith(dir + path.sep)),
      `${dir} holds no component`,
    );
});

test('the theme folders hold swizzled components, some of them copies', () => {
  assert.ok(components.length >= 5, `found ${components.join(', ')}`);
  assert.ok(copies.length > 0, 'found no copied component to check');
});

test('every component copied from Docusaurus keeps its MIT notice, as does its stylesheet', () => {
  const stylesheets = copies.flatMap((file) =>
    filesUnder(path.dirname(file)).filter((other) => other.endsWith('.css')),
  );
  const missing = [...new Set([...copies, ...stylesheets])].filter(
    (file) => !notice.test(readFileSync(file, 'utf8')),
  );
  assert.deepEqual(
    missing,
    [],
    `add Docusaurus's MIT notice at the top of: ${missing.join(', ')}`,
  );
});
