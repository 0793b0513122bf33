// The Docusaurus internals the site's plugins rest on, each checked against
// the installed Docusaurus: when one changes, the test says which assumption
// broke and which plugin makes it. (The bundler's chunk loader, which
// plugins/static-content/script-loading.ts replaces, is checked in a browser:
// tests/e2e/static-content.spec.ts.)
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';
import {mdxLoader} from '@docusaurus/mdx-loader/lib/loader.js';
import {DEFAULT_CONFIG} from '@docusaurus/core/lib/server/configValidation.js';
import {splitIslands} from '../../plugins/static-content/islands.mjs';
import {Parser} from 'acorn';

const require = createRequire(import.meta.url);
const siteDir = process.cwd();

/**
 * What Docusaurus's MDX loader writes for `content`, as the docs plugin has it
 * load a doc, for the server's or the browser's build.
 * @param {string} content
 * @param {'server' | 'client'} compiler
 * @returns {Promise<string>}
 */
function loadDoc(content, compiler) {
  const file = path.join(siteDir, 'docs/internals.mdx');
  return new Promise((resolve, reject) => {
    const context = {
      resourcePath: file,
      resource: file,
      query: '',
      getOptions: () => ({
        siteDir,
        markdownConfig: DEFAULT_CONFIG.markdown,
        admonitions: true,
        metadataPath: () =>
          path.join(siteDir, '.docusaurus/docs/default/internals.json'),
        createAssets: () => ({}),
        staticDirs: [],
        isMDXPartial: (/** @type {string} */ name) =>
          path.basename(name).startsWith('_'),
      }),
      async:
        () =>
        (/** @type {Error | null} */ error, /** @type {string} */ output) =>
          error ? reject(error) : resolve(output),
      addDependency() {},
      _compiler: {name: compiler},
    };
    mdxLoader.call(/** @type {any} */ (context), content);
  });
}

const doc = `---
title: Internals
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Internals

Prose that only the HTML carries.

<Tabs>
  <TabItem value="a" label="A">

Prose in a tab.

  </TabItem>
</Tabs>

:::note

<button type="button" onClick={() => undefined}>An inline handler</button>

:::
`;

test("Docusaurus's MDX loader writes what plugins/static-content splits", async () => {
  const server = await loadDoc(doc, 'server');
  assert.match(
    server,
    /^export \{default as metadata\} from '[^']+'$/m,
    'the MDX loader no longer exports a page\'s metadata as "export {default as metadata} from …", by which plugins/static-content/islands.mjs tells a page from a partial',
  );
  assert.match(
    server,
    /^import \{useMDXComponents as _provideComponents\} from "@mdx-js\/react";$/m,
    "compiled MDX no longer imports its components' provider as plugins/static-content/islands.mjs replaces it",
  );
  assert.match(
    server,
    /^function _createMdxContent\(props\) \{[^]*\n {2}return _jsxs?\(/m,
    'compiled MDX no longer returns its content from _createMdxContent as _jsx calls, which plugins/static-content/islands.mjs splits',
  );
  const runtime = '/runtime.tsx';
  const marked = splitIslands(server, {compiler: 'server', runtime});
  const islands = marked.match(/_jsx\(__Island, /g) ?? [];
  assert.equal(
    islands.length,
    2,
    'plugins/static-content/islands.mjs no longer finds the Tabs and the button with a handler as islands in what the MDX loader writes',
  );
  const client = splitIslands(await loadDoc(doc, 'client'), {
    compiler: 'client',
    runtime,
  });
  assert.doesNotMatch(
    client,
    /Prose that only the HTML carries|Prose in a tab/,
    "the browser's module of a doc carries its text: plugins/static-content/islands.mjs no longer reads the MDX loader's output",
  );
});

test('the theme-common module plugins/code-blocks loads by its path still holds parseLines', () => {
  const file = path.join(
    path.dirname(require.resolve('@docusaurus/theme-common')),
    'utils/codeBlockUtils.js',
  );
  assert.ok(
    existsSync(file),
    `${file} is gone: plugins/code-blocks/remark.mjs loads the theme's code-block parser from it`,
  );
  assert.equal(
    typeof require(file).parseLines,
    'function',
    `${file} no longer exports parseLines, which plugins/code-blocks/remark.mjs uses`,
  );
});

test("the theme's Prism client module is where plugins/code-blocks takes it out of the bundle", () => {
  const file = path.join(
    path.dirname(require.resolve('@docusaurus/theme-classic/package.json')),
    'lib/prism-include-languages.js',
  );
  assert.ok(
    existsSync(file),
    `${file} is gone: plugins/code-blocks/index.mjs aliases it away so that no page loads Prism`,
  );
});

test("the theme's copy button copies with copy-text-to-clipboard, which plugins/code-blocks replaces for it", async () => {
  const file = path.join(
    path.dirname(require.resolve('@docusaurus/theme-classic/package.json')),
    'lib/theme/CodeBlock/CopyButton/index.js',
  );
  assert.ok(
    existsSync(file),
    `${file} is gone: plugins/code-blocks/index.mjs gives that module its copy`,
  );
  const source = await readFile(file, 'utf8');
  assert.match(
    source,
    /^import (\w+) from 'copy-text-to-clipboard';$/m,
    `${file} no longer imports copy-text-to-clipboard's default export, which plugins/code-blocks/copy-text.ts stands in for`,
  );
  const copy = /^import (\w+) from 'copy-text-to-clipboard';$/m.exec(
    source,
  )?.[1];
  assert.match(
    source,
    new RegExp(`\\b${copy}\\(code\\)`),
    `${file} no longer copies by calling copy-text-to-clipboard with the code, as plugins/code-blocks/copy-text.ts expects`,
  );
});

test('links prefetch and preload routes through window.docusaurus, which src/clientModules/route-preload.ts and plugins/static-content/prefetch.ts replace on the first route update', async () => {
  const client = path.dirname(
    require.resolve('@docusaurus/core/lib/client/clientEntry.js'),
  );
  const entry = await readFile(path.join(client, 'clientEntry.js'), 'utf8');
  assert.match(
    entry,
    /window\.docusaurus = docusaurus;[^]*hydrateRoot\(/,
    "Docusaurus's client entry no longer puts its prefetch and preload on window before it renders: src/clientModules/route-preload.ts finds none to wrap",
  );
  const link = await readFile(path.join(client, 'exports/Link.js'), 'utf8');
  assert.match(
    link,
    /window\.docusaurus\.preload\(/,
    "Docusaurus's Link no longer preloads through window.docusaurus.preload, which src/clientModules/route-preload.ts wraps",
  );
  assert.match(
    link,
    /window\.docusaurus\.prefetch\(/,
    "Docusaurus's Link no longer prefetches through window.docusaurus.prefetch, which plugins/static-content/prefetch.ts wraps to fetch a doc's page",
  );
  const prefetch = await readFile(path.join(client, 'docusaurus.js'), 'utf8');
  assert.match(
    prefetch,
    /const prefetch = \(routePath\) => \{\s*if \(!canPrefetch\(routePath\)\) \{\s*return false;/,
    "Docusaurus's prefetch no longer returns false when it does not prefetch (a slow connection, a route already fetched): plugins/static-content/prefetch.ts would fetch pages it should not",
  );
  const lifecycles = await readFile(
    path.join(client, 'ClientLifecyclesDispatcher.js'),
    'utf8',
  );
  assert.match(
    lifecycles,
    /useIsomorphicLayoutEffect\(\(\) => \{\s*if \(previousLocation !== location\) \{[^]*?dispatchLifecycleAction\('onRouteDidUpdate'/,
    "Docusaurus no longer calls onRouteDidUpdate as the first route renders: src/clientModules/route-preload.ts would wrap links' preload late",
  );
});

test("the browser's build gets @docusaurus/utils-common's exports, each from the package's own file (plugins/utils-common-esm)", async () => {
  const shim = await readFile(
    path.join(siteDir, 'plugins/utils-common-esm/utils-common.ts'),
    'utf8',
  );
  const program = /** @type {any} */ (
    Parser.parse(shim, {ecmaVersion: 'latest', sourceType: 'module'})
  );
  const exported = [];
  for (const node of program.body) {
    if (node.type !== 'ExportNamedDeclaration') continue;
    if (node.source) {
      const file = require(node.source.value);
      for (const specifier of node.specifiers) {
        assert.ok(
          specifier.local.name in file,
          `${node.source.value} no longer exports ${specifier.local.name}: plugins/utils-common-esm/utils-common.ts takes it from there`,
        );
        exported.push(specifier.exported.name);
      }
    } else
      for (const declaration of node.declaration.declarations) {
        assert.equal(
          require('@docusaurus/utils-common')[declaration.id.name],
          declaration.init.value,
          `@docusaurus/utils-common's ${declaration.id.name} has changed: plugins/utils-common-esm/utils-common.ts copies it`,
        );
        exported.push(declaration.id.name);
      }
  }
  assert.deepEqual(
    exported.sort(),
    Object.keys(require('@docusaurus/utils-common')).sort(),
    "@docusaurus/utils-common's exports have changed: plugins/utils-common-esm/utils-common.ts must give the browser the same",
  );
});
