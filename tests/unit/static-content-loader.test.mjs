// What the build says when a page's content cannot stay static.
import assert from 'node:assert/strict';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {test} from 'node:test';
import {compile} from '@mdx-js/mdx';
import staticContentLoader from '../../plugins/static-content/loader.mjs';
import {tempDir} from '../support/temp-dir.mjs';

test('a page that hydrates as a whole is named in a warning with its file, line and construct', async (t) => {
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
        _compiler: {name: 'client'},
      }),
      source,
    );
    assert.match(output, /import __MDXComponents from '@theme\/MDXComponents'/);
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(warnings, [
    '[WARNING] docs/lazy.mdx:6: <Tabs lazy>: its content hydrates as a whole, as a component with a `lazy` prop renders only part of its content when the site is built.',
  ]);
});
