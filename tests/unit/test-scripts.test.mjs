import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

/** @type {{scripts: Record<string, string>}} */
const {scripts} = JSON.parse(readFileSync('package.json', 'utf8'));

// From Node 22, `node --test` reads its arguments as file patterns and a
// folder matches none; a shell glob names the files on every Node.
for (const [name, folder] of [
  ['test:unit', 'tests/unit'],
  ['test:build', 'tests/build'],
]) {
  test(`${name} names every test file of ${folder} by a glob, not the folder`, () => {
    const args = scripts[name].split(/\s+/);
    const files = args
      .slice(args.indexOf('--test') + 1)
      .filter((arg) => !arg.startsWith('-'));
    assert.deepEqual(files, [`${folder}/*.test.mjs`]);
    const tests = readdirSync(folder, {recursive: true, withFileTypes: true})
      .filter(
        (entry) => entry.isFile() && /\.test\.[cm]?[jt]s$/.test(entry.name),
      )
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
  });
}
