import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

/** @type {{scripts: Record<string, string>}} */
const {scripts} = JSON.parse(readFileSync('package.json', 'utf8'));

// From Node 22, `node --test` reads its arguments as file patterns and a
// folder matches none; a shell glob names the files on every Node.
for (const [name, folders] of /** @type {const} */ ([
  ['test:unit', ['tests/unit', ...packageTests()]],
  ['test:build', ['tests/build']],
])) {
  test(`${name} names every test file of ${folders.join(', ')} by a glob, not the folder`, () => {
    const args = scripts[name].split(/\s+/);
    const files = args
      .slice(args.indexOf('--test') + 1)
      .filter((arg) => !arg.startsWith('-'));
    assert.deepEqual(
      files,
      name === 'test:unit'
        ? ['tests/unit/*.test.mjs', 'packages/*/test/*.test.mjs']
        : ['tests/build/*.test.mjs'],
    );
    for (const folder of folders) checkFlat(folder);
  });
}

/** Each package's test folder. */
function packageTests() {
  return readdirSync('packages')
    .map((name) => path.join('packages', name, 'test'))
    .filter((folder) => existsSync(folder));
}

/**
 * Fails on a test file of `folder` that a glob of its own files misses.
 * @param {string} folder
 */
function checkFlat(folder) {
  const tests = readdirSync(folder, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.test\.[cm]?[jt]s$/.test(entry.name))
    .map((entry) =>
      path.relative(folder, path.join(entry.parentPath, entry.name)),
    );
  assert.ok(tests.length > 0);
  assert.deepEqual(
    tests.filter(
      (file) => file.includes(path.sep) || !file.endsWith('.test.mjs'),
    ),
    [],
    'a test the glob misses',
  );
}
