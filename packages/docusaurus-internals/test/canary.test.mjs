// The Docusaurus internals the site rests on, each checked against the
// installed Docusaurus: when one changes, the test says which assumption
// broke and which part makes it; a module that moved is named. (The bundler's chunk loader, which
// packages/docusaurus-internals/chunk-loader.ts replaces, is checked in a browser:
// tests/e2e/static-content.spec.ts.)
import assert from 'node:assert/strict';
import {existsSync, symlinkSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';
import {after, test} from 'node:test';
import {
  clientEntryModule,
  siteLoading,
  themeProgressBarModule,
} from '../testing.mjs';
import {splitIslands} from '../../static-content/islands.mjs';
import {moduleResolver} from '../../../plugins/content/code-blocks/remark.mjs';
import {publishedDocs} from '../../../plugins/outputs/social-cards/index.mjs';
import {Parser} from 'acorn';
import {tempDir, tempDirSync} from '../../../tests/support/temp-dir.mjs';
import {importTypeScript} from '../../../tests/support/typescript-module.mjs';

const require = createRequire(import.meta.url);

const {
  mdxLoader,
  DEFAULT_CONFIG,
  loadSite,
  createBuildClientConfig,
  createConfigureWebpackUtils,
  executePluginsConfigureWebpack,
} = await siteLoading();
const siteDir = process.cwd();

/**
 * What Docusaurus's MDX loader writes for `content`, as the docs plugin has it
 * load a doc, for the server's or the browser's build.
 * @param {string} content
 * @param {'server' | 'client'} compiler
 * @returns {Promise<string>}
 */
function loadDoc(content, compiler) {
  return runMdxLoader(
    content,
    compiler,
    path.join(siteDir, 'docs/internals.mdx'),
    {
      siteDir,
      markdownConfig: DEFAULT_CONFIG.markdown,
      admonitions: true,
      metadataPath: () =>
        path.join(siteDir, '.docusaurus/docs/default/internals.json'),
      createAssets: () => ({}),
      staticDirs: [],
      isMDXPartial: (/** @type {string} */ name) =>
        path.basename(name).startsWith('_'),
    },
  );
}

/**
 * What Docusaurus's MDX loader writes for `content`, as the file `file`, with
 * the loader options `options`.
 * @param {string} content
 * @param {'server' | 'client'} compiler
 * @param {string} file
 * @param {object} options
 * @returns {Promise<string>}
 */
function runMdxLoader(content, compiler, file, options) {
  return new Promise((resolve, reject) => {
    const context = {
      resourcePath: file,
      resource: file,
      query: '',
      getOptions: () => options,
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

test('every internal the seam reaches is where Docusaurus 3.7 has it', async () => {
  // The seam reaches each when it is loaded, and names the one that moved.
  await import('../index.mjs');
});

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

test("Docusaurus's MDX loader writes what packages/static-content splits", async () => {
  const server = await loadDoc(doc, 'server');
  assert.match(
    server,
    /^export \{default as metadata\} from '[^']+'$/m,
    'the MDX loader no longer exports a page\'s metadata as "export {default as metadata} from …", by which packages/static-content/islands.mjs tells a page from a partial',
  );
  assert.match(
    server,
    /^import \{useMDXComponents as _provideComponents\} from "@mdx-js\/react";$/m,
    "compiled MDX no longer imports its components' provider as packages/static-content/islands.mjs replaces it",
  );
  assert.match(
    server,
    /^function _createMdxContent\(props\) \{[^]*\n {2}return _jsxs?\(/m,
    'compiled MDX no longer returns its content from _createMdxContent as _jsx calls, which packages/static-content/islands.mjs splits',
  );
  const runtime = '/runtime.tsx';
  const marked = splitIslands(server, {compiler: 'server', runtime});
  const islands = marked.match(/_jsx\(__Island, /g) ?? [];
  assert.equal(
    islands.length,
    2,
    'packages/static-content/islands.mjs no longer finds the Tabs and the button with a handler as islands in what the MDX loader writes',
  );
  const client = splitIslands(await loadDoc(doc, 'client'), {
    compiler: 'client',
    runtime,
  });
  assert.doesNotMatch(
    client,
    /Prose that only the HTML carries|Prose in a tab/,
    "the browser's module of a doc carries its text: packages/static-content/islands.mjs no longer reads the MDX loader's output",
  );
});

test("the MDX loader's server and browser output for a doc with a local image give one content id, as webpack compiles them apart", async (t) => {
  const dir = await tempDir(t, 'internals-image-');
  const file = path.join(dir, 'docs/image.mdx');
  await mkdir(path.dirname(file), {recursive: true});
  await writeFile(
    path.join(dir, 'docs/pic.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>',
  );
  const content = '# Image\n\n![a picture](./pic.svg)\n';
  /** @param {'server' | 'client'} compiler */
  const load = async (compiler) =>
    splitIslands(
      await runMdxLoader(content, compiler, file, {
        siteDir: dir,
        markdownConfig: DEFAULT_CONFIG.markdown,
        admonitions: true,
        metadataPath: () => path.join(dir, '.docusaurus/docs/image.json'),
        createAssets: () => ({}),
        staticDirs: [],
        isMDXPartial: () => false,
      }),
      {compiler, runtime: '/runtime.tsx'},
    );
  const [server, client] = [await load('server'), await load('client')];
  const id = (/** @type {string} */ code) =>
    /__StaticContent, \{id: "([0-9a-f]{12})"/.exec(code)?.[1];
  assert.match(
    server,
    /emitFile=false/,
    "the MDX loader no longer gives the server's require of an image other loader options than the browser's: packages/static-content/islands.mjs need not reduce them for the content id",
  );
  assert.ok(id(server));
  assert.equal(
    id(client),
    id(server),
    "a doc with a local image gets another content id in the browser's build than in the server's, as webpack builds them (without mdxCrossCompilerCache): its first load would not hydrate",
  );
});

test('the theme-common module plugins/content/code-blocks loads by its path still holds parseLines', async () => {
  const {parseLines} = await import('../index.mjs');
  assert.equal(
    typeof parseLines,
    'function',
    "theme-common's code-block utilities no longer export parseLines, which plugins/content/code-blocks/remark.mjs uses",
  );
});

test("the theme's Prism client module is where plugins/content/code-blocks takes it out of the bundle", async () => {
  const file = (await import('../index.mjs')).themePrismLanguagesModule;
  assert.ok(
    existsSync(file),
    `${file} is gone: plugins/content/code-blocks/index.mjs aliases it away so that no page loads Prism`,
  );
});

test("the theme's copy button copies with copy-text-to-clipboard, which plugins/content/code-blocks replaces for it", async () => {
  const file = (await import('../index.mjs')).themeCopyButtonModule;
  assert.ok(
    existsSync(file),
    `${file} is gone: plugins/content/code-blocks/index.mjs gives that module its copy`,
  );
  const source = await readFile(file, 'utf8');
  assert.match(
    source,
    /^import (\w+) from 'copy-text-to-clipboard';$/m,
    `${file} no longer imports copy-text-to-clipboard's default export, which plugins/content/code-blocks/copy-text.ts stands in for`,
  );
  const copy = /^import (\w+) from 'copy-text-to-clipboard';$/m.exec(
    source,
  )?.[1];
  assert.match(
    source,
    new RegExp(`\\b${copy}\\(code\\)`),
    `${file} no longer copies by calling copy-text-to-clipboard with the code, as plugins/content/code-blocks/copy-text.ts expects`,
  );
});

test('links prefetch and preload routes through window.docusaurus, which src/clientModules/route-preload.ts and packages/static-content/prefetch.ts replace on the first route update', async () => {
  const client = path.dirname(clientEntryModule());
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
    "Docusaurus's Link no longer prefetches through window.docusaurus.prefetch, which packages/static-content/prefetch.ts wraps to fetch a doc's page",
  );
  const prefetch = await readFile(path.join(client, 'docusaurus.js'), 'utf8');
  assert.match(
    prefetch,
    /const prefetch = \(routePath\) => \{\s*if \(!canPrefetch\(routePath\)\) \{\s*return false;/,
    "Docusaurus's prefetch no longer returns false when it does not prefetch (a slow connection, a route already fetched): packages/static-content/prefetch.ts would fetch pages it should not",
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

test("the browser's build gets @docusaurus/utils-common's exports, each from the package's own file (plugins/bundle-trims)", async () => {
  const shim = await readFile(
    path.join(siteDir, 'packages/docusaurus-internals/utils-common.ts'),
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
          `${node.source.value} no longer exports ${specifier.local.name}: packages/docusaurus-internals/utils-common.ts takes it from there`,
        );
        exported.push(specifier.exported.name);
      }
    } else
      for (const declaration of node.declaration.declarations) {
        assert.equal(
          require('@docusaurus/utils-common')[declaration.id.name],
          declaration.init.value,
          `@docusaurus/utils-common's ${declaration.id.name} has changed: packages/docusaurus-internals/utils-common.ts copies it`,
        );
        exported.push(declaration.id.name);
      }
  }
  assert.deepEqual(
    exported.sort(),
    Object.keys(require('@docusaurus/utils-common')).sort(),
    "@docusaurus/utils-common's exports have changed: packages/docusaurus-internals/utils-common.ts must give the browser the same",
  );
});

/**
 * A site of one doc and a partial, with the classic preset and the faster
 * bundler as the site has them, loaded as `docusaurus build` loads it: its
 * props, the allContent its plugins get, and its browser's bundler config
 * once every plugin has configured it.
 */
async function loadTinySite() {
  const dir = tinySiteDir;
  await mkdir(path.join(dir, 'docs'));
  await writeFile(
    path.join(dir, 'docs/intro.md'),
    '---\ntitle: Intro\n---\n\n# Intro\n',
  );
  await writeFile(path.join(dir, 'docs/_partial.mdx'), 'Shared prose.\n');
  await writeFile(
    path.join(dir, 'docusaurus.config.mjs'),
    `export default {
  title: 'Internals',
  url: 'https://docs.example.com',
  baseUrl: '/',
  future: {experimental_faster: true},
  presets: [['classic', {docs: {}, blog: false, pages: false}]],
  plugins: [
    () => ({
      name: 'all-content',
      allContentLoaded({allContent}) {
        globalThis.internalsAllContent = allContent;
      },
    }),
  ],
};
`,
  );
  symlinkSync(
    path.join(siteDir, 'node_modules'),
    path.join(dir, 'node_modules'),
    'dir',
  );
  const {props} = await loadSite({siteDir: dir});
  const configureWebpackUtils = await createConfigureWebpackUtils({
    siteConfig: props.siteConfig,
  });
  const {config} = await createBuildClientConfig({
    props,
    minify: false,
    faster: props.siteConfig.future.experimental_faster,
    configureWebpackUtils,
    bundleAnalyzer: false,
  });
  return {
    dir,
    props,
    allContent: /** @type {any} */ (globalThis).internalsAllContent,
    config: executePluginsConfigureWebpack({
      plugins: props.plugins,
      config,
      isServer: false,
      configureWebpackUtils,
    }),
  };
}

// The file's, not a test's: its tests share the site.
const tinySiteDir = tempDirSync(after, 'internals-site-');
/** @type {ReturnType<typeof loadTinySite> | undefined} */
let tinySiteLoaded;
// Loaded once, by the first test that needs it.
const tinySite = () => (tinySiteLoaded ??= loadTinySite());

test("the docs' MDX rule is found by the MDX loader's path, and its loader compiles with the processors its options carry: plugins/content/code-blocks drops them to add its remark step", async () => {
  const {dir, config} = await tinySite();
  const mdxLoaderPath = require.resolve('@docusaurus/mdx-loader');
  const uses = (config.module?.rules ?? []).flatMap(
    (/** @type {any} */ rule) =>
      rule && typeof rule === 'object' && Array.isArray(rule.use)
        ? rule.use
        : [],
  );
  const docsUse = uses.find(
    (/** @type {any} */ use) =>
      use &&
      typeof use === 'object' &&
      use.loader === mdxLoaderPath &&
      typeof use.options === 'object',
  );
  assert.ok(
    docsUse,
    `no rule of the bundler config uses ${mdxLoaderPath} with options: plugins/content/code-blocks/index.mjs finds the docs' MDX loader by that path`,
  );
  const {options} = /** @type {{options: any}} */ (docsUse);
  assert.ok(
    Array.isArray(options.remarkPlugins) && options.processors,
    "the MDX loader's options no longer have remarkPlugins and the processors built from them: plugins/content/code-blocks/index.mjs drops processors and adds to remarkPlugins",
  );
  let ran = 0;
  const marker = () => () => {
    ran += 1;
  };
  const file = path.join(dir, 'docs/intro.md');
  const source = await readFile(file, 'utf8');
  await runMdxLoader(source, 'server', file, {
    ...options,
    remarkPlugins: [...options.remarkPlugins, marker],
  });
  assert.equal(
    ran,
    0,
    "Docusaurus's MDX loader no longer compiles with the processors its options carry, before their remarkPlugins: plugins/content/code-blocks/index.mjs need not drop them",
  );
  const {processors: _built, ...withoutProcessors} = options;
  await runMdxLoader(source, 'server', file, {
    ...withoutProcessors,
    remarkPlugins: [...options.remarkPlugins, marker],
  });
  assert.equal(
    ran,
    1,
    "Docusaurus's MDX loader without processors in its options no longer builds them from remarkPlugins: plugins/content/code-blocks/index.mjs's remark step would not run",
  );
});

test("the bundler config's resolve.alias resolves Docusaurus's aliases, as plugins/content/code-blocks resolves raw-loader imports with it", async () => {
  const {dir, config} = await tinySite();
  const resolve = moduleResolver(
    /** @type {Parameters<typeof moduleResolver>[0]} */ (config.resolve),
  );
  assert.equal(
    resolve(dir, '@site/docs/intro.md'),
    path.join(dir, 'docs/intro.md'),
    "the bundler config's resolve.alias no longer maps @site to the site: plugins/content/code-blocks/remark.mjs reads it to resolve a raw-loader import as the bundler does",
  );
  assert.ok(
    resolve(dir, '@theme/CodeBlock'),
    "the bundler config's resolve.alias no longer maps @theme: plugins/content/code-blocks/remark.mjs reads it to resolve a raw-loader import as the bundler does",
  );
});

test("allContent and each plugin's content hold the docs plugin's loadedVersions, as plugins/outputs/llms-txt and plugins/outputs/social-cards read them", async () => {
  const {props, allContent} = await tinySite();
  const docs = allContent?.['docusaurus-plugin-content-docs']?.default;
  const version = docs?.loadedVersions?.[0];
  assert.deepEqual(
    version?.docs.map(
      (/** @type {any} */ doc) => `${doc.id} ${doc.source} ${doc.permalink}`,
    ),
    ['intro @site/docs/intro.md /docs/intro'],
    "allContent['docusaurus-plugin-content-docs'].default.loadedVersions[0].docs no longer lists each doc with its id, source and permalink: plugins/outputs/llms-txt/index.mjs writes the Markdown copies from them",
  );
  assert.equal(
    typeof version.sidebars,
    'object',
    'the loaded version no longer has its sidebars: plugins/outputs/llms-txt/index.mjs makes the sections of llms.txt from them',
  );
  assert.deepEqual(
    publishedDocs(props.plugins).map((doc) => doc.id),
    ['intro'],
    "the docs plugin's content, as postBuild gets it, no longer has loadedVersions: plugins/outputs/social-cards/index.mjs draws a card for each doc in them",
  );
});

test("@generated/routesChunkNames keys each route by its path and a hash, and names an MDX route's chunk content, as packages/static-content/prefetch.ts reads it", async () => {
  const {props} = await tinySite();
  const routesChunkNames = JSON.parse(
    await readFile(
      path.join(props.generatedFilesDir, 'routesChunkNames.json'),
      'utf8',
    ),
  );
  const withContent = Object.entries(routesChunkNames)
    .filter(([, chunks]) => 'content' in chunks)
    // As packages/static-content/prefetch.ts removes the hash.
    .map(([route]) => route.replace(/-[^-]+$/, ''));
  assert.deepEqual(
    withContent,
    ['/docs/intro'],
    "@generated/routesChunkNames no longer keys a doc's route as its path, a dash and a hash, with its MDX as content: packages/static-content/prefetch.ts finds the routes whose page it fetches by them",
  );
});

test("the theme's progress bar calls of nprogress only what plugins/bundle-trims gives it, and styles its markup", async () => {
  const theme = path.dirname(themeProgressBarModule());
  const clientModule = await readFile(path.join(theme, 'nprogress.js'), 'utf8');
  assert.match(clientModule, /import nprogress from 'nprogress'/);
  const called = new Set(
    [...clientModule.matchAll(/\bnprogress\.(\w+)\(/g)].map(([, name]) => name),
  );
  assert.ok(called.has('start') && called.has('done'));
  const {default: progressBar} = await importTypeScript(
    'plugins/bundle-trims/nprogress.ts',
  );
  assert.deepEqual(
    [...called].filter((name) => typeof progressBar[name] !== 'function'),
    [],
    "the theme's nprogress client module calls what plugins/bundle-trims/nprogress.ts lacks",
  );
  const css = await readFile(path.join(theme, 'nprogress.css'), 'utf8');
  assert.match(css, /#nprogress \.bar \{/);
  assert.match(css, /#nprogress \.peg \{/);
});
