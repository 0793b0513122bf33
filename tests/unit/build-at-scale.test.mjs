import assert from 'node:assert/strict';
import {readFile} from 'node:fs/promises';
import {test} from 'node:test';
import buildAtScale from '../../plugins/build-at-scale/index.mjs';

test("the production server bundle is built without module concatenation, the browser's with it", async () => {
  const {configureWebpack} = buildAtScale();
  const production = /** @type {any} */ ({mode: 'production'});
  const development = /** @type {any} */ ({mode: 'development'});
  const hook = /** @type {(config: any, isServer: boolean) => unknown} */ (
    configureWebpack
  );
  assert.deepEqual(hook(production, true), {
    optimization: {concatenateModules: false},
  });
  assert.deepEqual(hook(production, false), {});
  assert.deepEqual(hook(development, true), {});
  assert.match(
    await readFile(
      new URL('../../docusaurus.config.ts', import.meta.url),
      'utf8',
    ),
    /'\.\/plugins\/build-at-scale\/index\.mjs'/,
  );
});
