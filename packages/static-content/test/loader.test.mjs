// What the build does with a page whose content cannot stay static.
import assert from 'node:assert/strict';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {test} from 'node:test';
import {compile} from '@mdx-js/mdx';
import staticContentLoader from '../loader.mjs';
import {tempDir} from '../../../tests/support/temp-dir.mjs';

/**
 * Runs the loader, in the build of `compiler`, on what the MDX loader writes
 * for a page with `<Tabs lazy>`; returns its output and its warnings.
 * @param {import('node:test').TestContext} t
 * @param {'server' | 'client'} compiler
 */
async function loadLazyPage(t, compiler) {
  const siteDir = await tempDir(t, 'static-content-');
  const file = path.join(siteDir, 'docs/lazy.mdx');
  const mdx = [
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    'Some text.',
    '',
    '<Tabs groupId="a" lazy>',
    '  <TabItem value="a">A</TabItem>',
    '</Tabs>',
    '',
  ].join('\n');
  await mkdir(path.dirname(file), {recursive: true});
  await writeFile(file, mdx);
  const source = `export {default as metadata} from '@site/.docusaurus/lazy.json'\n${await compile(
    mdx,
    {providerImportSource: '@mdx-js/react'},
  )}`;
  /** @type {string[]} */
  const warnings = [];
  const warn = console.warn;
  console.warn = (/** @type {string} */ message) => warnings.push(message);
  try {
    const output = staticContentLoader.call(
      /** @type {any} */ ({
        getOptions: () => ({runtime: '/runtime.tsx', siteDir}),
        resourcePath: file,
        _compiler: {name: compiler},
      }),
      source,
    );
    return {source, output, warnings};
  } finally {
    console.warn = warn;
  }
}

test('a page that hydrates as a whole is named in a warning with its file, line and construct', async (t) => {
  const {output, warnings} = await loadLazyPage(t, 'client');
  assert.match(output, /import __MDXComponents from '@theme\/MDXComponents'/);
  assert.deepEqual(warnings, [
    '[WARNING] docs/lazy.mdx:6: <Tabs lazy>: its content hydrates as a whole, as a component with a `lazy` prop renders only part of its content when the site is built.',
  ]);
});

test("the server's build renders a page that hydrates as a whole as the MDX loader wrote it, with no island marked, and leaves the warning to the browser's build", async (t) => {
  const {source, output, warnings} = await loadLazyPage(t, 'server');
  assert.equal(output, source);
  assert.doesNotMatch(output, /nk-island|nk-slot|data-static-content/);
  assert.deepEqual(warnings, []);
});

test('a page the split fails on is built as stock builds it, and the build names it', async (t) => {
  const siteDir = await tempDir(t, 'static-content-');
  const file = path.join(siteDir, 'docs/odd.mdx');
  // Output the split cannot parse, as a newer MDX loader might write it.
  const source =
    "export {default as metadata} from '@site/.docusaurus/odd.json'\nfunction _createMdxContent() { return <div />; }\nexport default _createMdxContent;\n";
  /** @type {string[]} */
  const warnings = [];
  const warn = console.warn;
  console.warn = (/** @type {string} */ message) => warnings.push(message);
  try {
    /** @param {'server' | 'client'} compiler */
    const load = (compiler) =>
      staticContentLoader.call(
        /** @type {any} */ ({
          getOptions: () => ({runtime: '/runtime.tsx', siteDir}),
          resourcePath: file,
          _compiler: {name: compiler},
        }),
        source,
      );
    assert.equal(load('server'), source);
    assert.equal(load('client'), source);
  } finally {
    console.warn = warn;
  }
  assert.equal(warnings.length, 1);
  assert.match(
    warnings[0],
    /^\[WARNING\] docs\/odd\.mdx: its content hydrates as a whole, as the build could not split it into static content and islands \(Unexpected token/,
  );
});
