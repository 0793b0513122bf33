// How the split reads the site's theme (packages/static-content/theme.mjs):
// an element Markdown makes is static only when the theme maps it to a
// component the split knows to be static, and the build names every other.
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {test} from 'node:test';
import {classicThemeComponents} from '@nodekeeper/docusaurus-internals';
import {readTheme, stockStatic} from '../theme.mjs';
import siteStaticComponents from '../../../src/static-components.mjs';
import {tempDir} from '../../../tests/support/temp-dir.mjs';

const stockTheme = classicThemeComponents;
const siteDir = process.cwd();

/** @param {string} file */
const hashOf = (file) =>
  createHash('sha256')
    .update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n'))
    .digest('hex')
    .slice(0, 16);

/**
 * The `@theme/*` aliases of the files under `themeDir`, as Docusaurus makes
 * them: `Admonition/index.js` is `@theme/Admonition`.
 * @param {string} themeDir
 * @param {boolean} withOriginal
 */
function aliasesOf(themeDir, withOriginal) {
  /** @type {Record<string, string>} */
  const aliases = {};
  for (const file of readdirSync(themeDir, {recursive: true, encoding: 'utf8'}))
    if (/\.(js|jsx|ts|tsx)$/.test(file) && !file.endsWith('.d.ts')) {
      const name = file
        .replaceAll('\\', '/')
        .replace(/\.(js|jsx|ts|tsx)$/, '')
        .replace(/\/index$/, '');
      aliases[`@theme/${name}`] = path.join(themeDir, file);
      if (withOriginal)
        aliases[`@theme-original/${name}`] = path.join(themeDir, file);
    }
  return aliases;
}

/** The aliases of the stock theme with the site's code-blocks theme over it. */
const stockAliases = () => ({
  ...aliasesOf(stockTheme, true),
  ...aliasesOf(path.join(siteDir, 'plugins/content/code-blocks/theme'), true),
});

/**
 * A site of `files` (path from the site's folder: content) over the stock
 * theme, and its aliases, as the bundler has them.
 * @param {import('node:test').TestContext} t
 * @param {Record<string, string>} files
 */
async function siteWith(t, files) {
  const dir = await tempDir(t, 'static-content-theme-');
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), {recursive: true});
    await writeFile(path.join(dir, file), content);
  }
  const codeBlock = path.join(
    siteDir,
    'plugins/content/code-blocks/theme/CodeBlock/index.tsx',
  );
  return {
    dir,
    alias: {
      ...stockAliases(),
      ...aliasesOf(path.join(dir, 'src/theme'), false),
    },
    // The site's code-blocks theme, from this site's folder.
    statement: [path.relative(dir, codeBlock).replaceAll('\\', '/')],
  };
}

const statement = ['plugins/content/code-blocks/theme/CodeBlock/index.tsx'];

test('with the stock theme, only the elements whose components run in the browser (details, mermaid) are islands, and the build says nothing', () => {
  const reading = readTheme({
    alias: stockAliases(),
    siteDir,
    staticComponents: siteStaticComponents,
  });
  assert.deepEqual(reading.liveElements.sort(), ['details', 'mermaid']);
  assert.deepEqual(reading.warnings, []);
});

test("the site's own MDX components are static where the site states so: its table", () => {
  const alias = {
    ...stockAliases(),
    '@theme/MDXComponents': path.join(siteDir, 'src/theme/MDXComponents.tsx'),
  };
  const stated = readTheme({
    alias,
    siteDir,
    staticComponents: siteStaticComponents,
  });
  assert.deepEqual(stated.liveElements.sort(), ['details', 'mermaid']);
  assert.deepEqual(stated.warnings, []);
  const unstated = readTheme({alias, siteDir, staticComponents: statement});
  assert.ok(unstated.liveElements.includes('table'));
  assert.deepEqual(unstated.warnings, [
    "[WARNING] src/theme/MDXComponents.tsx maps table to Table, a component the split cannot prove static: each table in a doc's or page's content is an island, rendered in the browser as well as by the build.",
  ]);
});

test('a wrap swizzle of Heading makes every heading an island, named once in a warning with its file', async (t) => {
  const {
    dir,
    alias,
    statement: stated,
  } = await siteWith(t, {
    'src/theme/Heading/index.tsx': `import {useState} from 'react';
import Heading from '@theme-original/Heading';
export default function PinnedHeading(props) {
  const [pinned, setPinned] = useState(false);
  return <><Heading {...props} /><button onClick={() => setPinned(!pinned)}>Pin</button></>;
}
`,
  });
  const reading = readTheme({alias, siteDir: dir, staticComponents: stated});
  assert.deepEqual(reading.liveElements.sort(), [
    'details',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'mermaid',
  ]);
  assert.deepEqual(reading.warnings, [
    "[WARNING] src/theme/Heading/index.tsx (@theme/Heading): it is not a component the split knows to be static, and the MDX components render it for h1, h2, h3, h4, h5, h6: each of those elements in a doc's or page's content is an island, rendered in the browser as well as by the build.",
  ]);
});

test('a swizzle of Admonition, of one of its parts or of MDXComponents/Img makes those elements islands', async (t) => {
  const {
    dir,
    alias,
    statement: stated,
  } = await siteWith(t, {
    'src/theme/Admonition/Layout/index.tsx':
      "export {default} from '@theme-original/Admonition/Layout';\n",
    'src/theme/MDXComponents/Img/index.tsx':
      "export {default} from '@theme-original/MDXComponents/Img';\n",
  });
  const reading = readTheme({alias, siteDir: dir, staticComponents: stated});
  assert.deepEqual(reading.liveElements.sort(), [
    'admonition',
    'details',
    'img',
    'mermaid',
  ]);
  assert.equal(reading.warnings.length, 2);
  assert.match(
    reading.warnings.join('\n'),
    /src\/theme\/Admonition\/Layout\/index\.tsx \(@theme\/Admonition\/Layout\).* for admonition: each admonition/,
  );
  assert.match(
    reading.warnings.join('\n'),
    /src\/theme\/MDXComponents\/Img\/index\.tsx \(@theme\/MDXComponents\/Img\).* for img: each img/,
  );
});

test("an MDXComponents entry of the site's own makes its element an island, named with its component and file; one that names a theme component is read through it", async (t) => {
  const {
    dir,
    alias,
    statement: stated,
  } = await siteWith(t, {
    'src/theme/MDXComponents.tsx': `import {useState, type ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import MDXImg from '@theme/MDXComponents/Img';

function MarkedQuote(props: {children: ReactNode}): ReactNode {
  const [marked, setMarked] = useState(false);
  return <blockquote data-marked={marked} onClick={() => setMarked(true)} {...props} />;
}

const components = {...MDXComponents, blockquote: MarkedQuote, image: MDXImg};
export default components;
`,
  });
  const reading = readTheme({alias, siteDir: dir, staticComponents: stated});
  assert.deepEqual(reading.liveElements.sort(), [
    'blockquote',
    'details',
    'mermaid',
  ]);
  assert.deepEqual(reading.warnings, [
    "[WARNING] src/theme/MDXComponents.tsx maps blockquote to MarkedQuote, a component the split cannot prove static: each blockquote in a doc's or page's content is an island, rendered in the browser as well as by the build.",
  ]);
});

test('a stock component other than the one the split knows is not static, and the build says so', async (t) => {
  const dir = await tempDir(t, 'static-content-theme-');
  const changed = path.join(
    dir,
    path.relative(siteDir, path.join(stockTheme, 'MDXComponents/Heading.js')),
  );
  await mkdir(path.dirname(changed), {recursive: true});
  await writeFile(
    changed,
    readFileSync(path.join(stockTheme, 'MDXComponents/Heading.js'), 'utf8') +
      '\n// changed upstream\n',
  );
  const reading = readTheme({
    alias: {...stockAliases(), '@theme/MDXComponents/Heading': changed},
    siteDir,
    staticComponents: statement,
  });
  assert.ok(reading.liveElements.includes('h2'));
  assert.match(
    reading.warnings[0],
    /MDXComponents\/Heading\.js \(@theme\/MDXComponents\/Heading\): it is not the version of the stock theme the split knows to be static/,
  );
});

test('MDX components the build cannot read make every page hydrate whole, said once', async (t) => {
  const {
    dir,
    alias,
    statement: stated,
  } = await siteWith(t, {
    'src/theme/MDXComponents.tsx':
      "import MDXComponents from '@theme-original/MDXComponents';\nexport default Object.assign({}, MDXComponents);\n",
  });
  const reading = readTheme({alias, siteDir: dir, staticComponents: stated});
  assert.equal(
    reading.whole,
    'src/theme/MDXComponents.tsx does not export an object the build can read',
  );
  assert.equal(reading.warnings.length, 1);
});

test('each stock component the split knows to be static is the file it was read in (update its hash once it is read again)', () => {
  for (const [file, hash] of Object.entries(stockStatic))
    assert.equal(
      hashOf(path.join(stockTheme, file)),
      hash,
      `The classic theme's ${file} changed: read it, and list its new hash in packages/static-content/theme.mjs only if it still renders the same on the server as in the browser and does nothing there`,
    );
});

// The site's statement (src/static-components.mjs),
// each file as it was when it was read.
const siteStatementRead = {
  'src/theme/MDXComponents.tsx': 'cb5ac4f100f1df44',
  'plugins/content/code-blocks/theme/CodeBlock/index.tsx': '99df83ce4a0b2c8d',
};

test("each of the site's components stated static is the file it was read in (update its hash once it is read again)", () => {
  assert.deepEqual(
    [...new Set(siteStaticComponents.map((entry) => entry.split('#')[0]))],
    Object.keys(siteStatementRead),
  );
  for (const [file, hash] of Object.entries(siteStatementRead))
    assert.equal(
      hashOf(path.join(siteDir, file)),
      hash,
      `${file} changed: read it, and keep it in src/static-components.mjs only if what it is stated for renders the same on the server as in the browser, with anything that runs in the browser an island of its own`,
    );
});
