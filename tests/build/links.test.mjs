import assert from 'node:assert/strict';
import {test} from 'node:test';
import {append, buildWith} from './site-copy.mjs';

// Links are checked on the built pages, so Docusaurus names the page by its
// path (/docs/intro is docs/intro.md); a link written to a file also gets a
// warning naming the file. Docusaurus reports every broken path of a build
// at once, so one build holds the three, each in a doc of its own; a broken
// anchor is reported only when no path is broken, so it has a build of its own.

/** @type {ReturnType<typeof buildWith> | undefined} */
let brokenPathsBuild;
/** The build of a copy with the three broken paths, run once for the three tests. */
const brokenPaths = () =>
  (brokenPathsBuild ??= buildWith(async (site) => {
    await append(
      site,
      'docs/intro.md',
      '\nSee [a missing page](/docs/missing-page).\n',
    );
    await append(
      site,
      'docs/operations/faq.md',
      '\nSee [a missing file](./missing-file.md).\n',
    );
    await append(
      site,
      'docs/operations/limits.md',
      '\nSee [the draft](/docs/tutorials/update-node-key).\n',
    );
  }));

test('a link to a page that does not exist fails the build, naming the page and the link', async () => {
  const {code, output} = await brokenPaths();
  assert.notEqual(code, 0);
  assert.match(
    output,
    /Broken link on source page path = \/docs\/intro:\s+-> linking to \/docs\/missing-page/,
  );
});

test('a link to a markdown file that does not exist fails the build, naming the file', async () => {
  const {code, output} = await brokenPaths();
  assert.notEqual(code, 0);
  assert.match(
    output,
    /Docs markdown link couldn't be resolved: \(\.\/missing-file\.md\) in source file "[^"]*docs\/operations\/faq\.md"/,
  );
  assert.match(
    output,
    /Broken link on source page path = \/docs\/operations\/faq:/,
  );
});

test('a link from a published page to a draft fails the build, naming the page and the draft', async () => {
  const {code, output} = await brokenPaths();
  assert.notEqual(code, 0);
  assert.match(
    output,
    /Broken link on source page path = \/docs\/operations\/limits:\s+-> linking to \/docs\/tutorials\/update-node-key/,
  );
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
