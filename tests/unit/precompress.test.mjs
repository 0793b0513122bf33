import assert from 'node:assert/strict';
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {precompressBuild} from '../../plugins/outputs/precompress/index.mjs';
import {tempDirSync} from '../support/temp-dir.mjs';

// A bundle of the build's size, and the same text where a peer's build
// keeps its bundles: only the site's hashed assets get brotli's best level,
// unless every file is asked for at it (the bench's peers).
const bundle = readFileSync(
  'plugins/outputs/precompress/index.mjs',
  'utf8',
).repeat(20);

/** The sizes of the brotli copies of the two bundles in a build at `dir`. @param {string} dir */
function brotliSizes(dir) {
  return ['assets/main.js', '_peer/main.js'].map(
    (file) => statSync(path.join(dir, `${file}.br`)).size,
  );
}

/** A build with the two bundles. @param {import('node:test').TestContext} t */
function buildWithBundles(t) {
  const dir = tempDirSync(t, 'precompress-');
  for (const folder of ['assets', '_peer']) {
    mkdirSync(path.join(dir, folder));
    writeFileSync(path.join(dir, folder, 'main.js'), bundle);
  }
  return dir;
}

test('the build compresses its large hashed assets at the best level, the rest faster', async (t) => {
  const dir = buildWithBundles(t);
  await precompressBuild(dir);
  const [asset, other] = brotliSizes(dir);
  assert.ok(asset < other, `${asset} bytes against ${other}`);
});

test('allAtBest compresses every file at the best level', async (t) => {
  const dir = buildWithBundles(t);
  await precompressBuild(dir, {allAtBest: true});
  const [asset, other] = brotliSizes(dir);
  assert.equal(asset, other);
});
