import assert from 'node:assert/strict';
import {test} from 'node:test';
import {append, buildWith} from './site-copy.mjs';

// Links are checked on the built pages, so Docusaurus names the page by its
// path (/docs/intro is docs/intro.md); a link written to a file also gets a
// warning naming the file.

test('a link to a page that does not exist fails the build, naming the page and the link', async () => {
  const {code, output} = await buildWith((site) =>
    append(
      site,
      'docs/intro.md',
      '\nSee [a missing page](/docs/missing-page).\n',
    ),
  );
  assert.notEqual(code, 0);
  assert.match(
    output,
    /Broken link on source page path = \/docs\/intro:\s+-> linking to \/docs\/missing-page/,
  );
});

test('a link to a markdown file that does not exist fails the build, naming the file', async () => {
  const {code, output} = await buildWith((site) =>
    append(
      site,
      'docs/intro.md',
      '\nSee [a missing file](./missing-file.md).\n',
    ),
  );
  assert.notEqual(code, 0);
  assert.match(
    output,
    /Docs markdown link couldn't be resolved: \(\.\/missing-file\.md\) in source file "[^"]*docs\/intro\.md"/,
  );
  assert.match(output, /Broken link on source page path = \/docs\/intro:/);
});

test('a link to a heading that does not exist fails the build, naming the page and the anchor', async () => {
  const {code, output} = await buildWith((site) =>
    append(
      site,
      'docs/intro.md',
      '\nSee [the keys](/docs/projects/yaml#no-such-heading).\n',
    ),
  );
  assert.notEqual(code, 0);
  assert.match(
    output,
    /Broken anchor on source page path = \/docs\/intro:\s+-> linking to \/docs\/projects\/yaml#no-such-heading/,
  );
});

test('a link from a published page to a draft fails the build, naming the page and the draft', async () => {
  const {code, output} = await buildWith((site) =>
    append(
      site,
      'docs/intro.md',
      '\nSee [the draft](/docs/tutorials/update-node-key).\n',
    ),
  );
  assert.notEqual(code, 0);
  assert.match(
    output,
    /Broken link on source page path = \/docs\/intro:\s+-> linking to \/docs\/tutorials\/update-node-key/,
  );
});
