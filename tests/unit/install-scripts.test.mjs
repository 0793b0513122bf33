import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';

/** @type {{allowScripts?: Record<string, boolean>}} */
const {allowScripts = {}} = JSON.parse(readFileSync('package.json', 'utf8'));
/** @type {{packages: Record<string, {hasInstallScript?: boolean}>}} */
const {packages} = JSON.parse(readFileSync('package-lock.json', 'utf8'));

// npm 11 warns of each dependency whose install script package.json's
// allowScripts does not decide, and npm 12 skips it: each is decided here.
test('every dependency with an install script is decided in allowScripts', () => {
  const withScripts = Object.entries(packages)
    .filter(([where, entry]) => where !== '' && entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 13));
  assert.ok(withScripts.length > 0, 'the lockfile lists no install script');
  assert.deepEqual(
    [...new Set(withScripts)].filter((name) => !(name in allowScripts)),
    [],
  );
});
