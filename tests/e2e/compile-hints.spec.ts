import path from 'node:path';
import {test, expect, settled} from '../support/test';
import {measureFirstLoad, withoutHash} from '../../tools/page-weight.mjs';
import {compileHint} from '../../plugins/bundle-trims/compile-hint.mjs';

// Chromium compiles a script whole while it downloads when its first line is
// V8's compile hint (plugins/bundle-trims): the script every page runs as it
// starts carries it, as served; a route's chunks, which a page may load
// without running all of, do not.
test("the script every page runs as it starts opens with V8's compile hint, and no other does", async ({
  page,
}) => {
  const {files} = await measureFirstLoad(page, '/docs/projects/yaml', settled);
  const scripts = files.filter((file) => file.kind === 'javascript');
  expect(scripts.length).toBeGreaterThan(2);
  const hinted = scripts
    .filter((script) => script.body.toString('utf8').startsWith(compileHint))
    .map((script) => withoutHash(path.basename(script.path)));
  expect(hinted).toEqual(['main.js']);
});
