// The split of a compiled MDX page into static content and islands
// (packages/static-content/islands.mjs), on pages compiled as Docusaurus's
// MDX loader compiles them.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {compile} from '@mdx-js/mdx';
import {NotStatic, splitIslands} from '../islands.mjs';

const metadata =
  "export {default as metadata} from '@site/.docusaurus/docusaurus-plugin-content-docs/default/page.json'";
const runtime = '/runtime.tsx';

/**
 * The MDX loader's output for `mdx`: the compiled page and its metadata export.
 * @param {string} mdx
 */
async function compiled(mdx, {withMetadata = true} = {}) {
  const code = String(
    await compile(mdx, {providerImportSource: '@mdx-js/react'}),
  );
  return withMetadata ? `${metadata}\n${code}` : code;
}

const page = `import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Details from '@theme/Details';
import CodeBlock from '@theme/CodeBlock';

A paragraph of prose that only the HTML carries.

<CodeBlock language="yaml" highlightedHtml="<span>highlighted</span>">{'project: built'}</CodeBlock>

<Tabs groupId="chain">
  <TabItem value="evm" label="EVM">

Prose inside a tab.

<CodeBlock language="yaml" highlightedHtml="<span>in a tab</span>">{'project: tab'}</CodeBlock>

  </TabItem>
</Tabs>

<Details>
  <summary>What the summary says</summary>

Prose inside details.

</Details>

<img alt="A diagram" src={require('./diagram.png').default} />
`;

test("the browser's module keeps the islands and their props, and none of the content's text", async () => {
  const client = splitIslands(await compiled(page), {
    compiler: 'client',
    runtime,
  });
  for (const text of [
    'A paragraph of prose',
    'Prose inside a tab',
    'Prose inside details',
    'What the summary says',
    'highlighted',
    'project: built',
  ])
    assert.ok(!client.includes(text), `${text} is in the browser's module`);
  for (const kept of ['Tabs', 'TabItem', '"chain"', '"EVM"', 'Details'])
    assert.ok(client.includes(kept), `${kept} is missing`);
  // Details finds its summary by its type: the element stays, its text is a slot.
  assert.match(client, /_jsx\("summary", \{\s*children: _jsx\(__Slot/);
  assert.match(client, /islands: \[\{render: \(\) => /);
  assert.equal(client.match(/\(\) => _js/g)?.length, 2);
});

test('an island loads the components only it imports as it is about to render; an import used elsewhere stays', async () => {
  const client = splitIslands(
    await compiled(`import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import {Badge as Label} from '@site/src/components/Badge';

export const Intro = () => <Label>intro</Label>;

<Intro />

<Tabs><TabItem value="a" label="A"><Label>in a tab</Label></TabItem></Tabs>
`),
    {compiler: 'client', runtime},
  );
  assert.doesNotMatch(client, /^import (Tabs|TabItem) /m);
  assert.match(client, /^import \{Badge as Label\} from/m);
  /** @param {string} module */
  const loader = (module) =>
    new RegExp(
      `const (__loadImport\\d+) = \\(\\) => import\\('${module}'\\)\\.then\\(\\(module\\) => \\{ (\\w+) = module\\["default"\\]; \\}\\);`,
    ).exec(client);
  const tabs = loader('@theme/Tabs');
  const tabItem = loader('@theme/TabItem');
  assert.ok(tabs && tabItem, 'Tabs and TabItem are not loaded on demand');
  assert.deepEqual([tabs[2], tabItem[2]], ['Tabs', 'TabItem']);
  assert.match(client, /^let Tabs;$/m);
  assert.ok(
    client.includes(
      `load: () => Promise.all([${tabs[1]}(), ${tabItem[1]}()])}`,
    ),
    'the Tabs island does not load what it imports before it renders',
  );
});

test("the browser's module still emits the files the content uses", async () => {
  const client = splitIslands(await compiled(page), {
    compiler: 'client',
    runtime,
  });
  assert.match(client, /void \[require\('\.\/diagram\.png'\)\]/);
});

test("the browser's module emits the files in an island's slots, which the island's code leaves out", async () => {
  const client = splitIslands(
    await compiled(`import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

<Tabs>
  <TabItem value="a">

An image: <img alt="In a tab" src={require('./in-tab.png').default} />

  </TabItem>
</Tabs>
`),
    {compiler: 'client', runtime},
  );
  assert.match(client, /void \[require\('\.\/in-tab\.png'\)\]/);
});

/**
 * The content ids `code` names: 12 hex digits in quotes.
 * @param {string} code
 */
const contentIds = (code) =>
  new Set(code.match(/(?<=")[0-9a-f]{12}(?=")/g) ?? []);

test('the server marks the islands and slots that the browser numbers the same way, and names the content as the browser looks for it', async () => {
  // Each build runs the MDX loader on its own.
  const server = splitIslands(await compiled(page), {
    compiler: 'server',
    runtime,
  });
  const client = splitIslands(await compiled(page), {
    compiler: 'client',
    runtime,
  });
  /** @param {string} code @param {RegExp} pattern */
  const ids = (code, pattern) =>
    [...code.matchAll(pattern)].map((match) => Number(match[1]));
  assert.deepEqual(ids(server, /__Island, \{id: (\d+)/g), [0, 1]);
  const slots = ids(server, /__Slot, \{id: (\d+)/g);
  assert.ok(slots.length >= 3, `only ${slots.length} slots`);
  assert.deepEqual(ids(client, /__Slot, \{id: (\d+)/g), slots);
  assert.ok(server.includes('A paragraph of prose'));
  const [id, ...others] = contentIds(server);
  assert.ok(id, 'the server names no content id');
  assert.deepEqual(others, []);
  assert.deepEqual([...contentIds(client)], [id]);
  const [otherId] = contentIds(
    splitIslands(await compiled('Another page.'), {
      compiler: 'server',
      runtime,
    }),
  );
  assert.ok(otherId && otherId !== id, 'another page has another id');
});

test("a doc's content keeps the theme's markdown class; a page's does not", async () => {
  const source = await compiled('Some text.');
  assert.match(
    splitIslands(source, {compiler: 'server', runtime}),
    /className: "markdown"/,
  );
  const pageSource = source.replace(
    'plugin-content-docs',
    'plugin-content-pages',
  );
  assert.doesNotMatch(
    splitIslands(pageSource, {compiler: 'server', runtime}),
    /className/,
  );
});

test('a component rendering part of its content (lazy) keeps its page hydrating as a whole', async () => {
  const source = await compiled(
    "import Tabs from '@theme/Tabs';\n\n<Tabs lazy>\n\nText\n\n</Tabs>\n",
  );
  assert.throws(
    () => splitIslands(source, {compiler: 'client', runtime}),
    NotStatic,
  );
});

test("an MDX partial, which has no metadata, stays whole, with the site's components imported", async () => {
  const source = await compiled('Partial text.', {withMetadata: false});
  const client = splitIslands(source, {compiler: 'client', runtime});
  assert.ok(client.includes('Partial text.'));
  assert.match(client, /import __MDXComponents from '@theme\/MDXComponents'/);
  assert.equal(splitIslands(source, {compiler: 'server', runtime}), source);
});

test("a page loads the site's MDX components only when an island that uses them renders", async () => {
  const plain = splitIslands(await compiled('Some text.'), {
    compiler: 'client',
    runtime,
  });
  assert.doesNotMatch(plain, /@theme\/MDXComponents|@mdx-js\/react/);
  const source = await compiled('<Details>\n\nHidden.\n\n</Details>\n');
  const withDetails = splitIslands(source, {compiler: 'client', runtime});
  assert.doesNotMatch(withDetails, /^import .*@theme\/MDXComponents/m);
  assert.match(
    withDetails,
    /\{render: \(\) => \(\(_components\) => \{ const \{Details\} = _components; return _jsx\(Details, [^]*load: __loadComponents\}/,
  );
  assert.match(withDetails, /import\('@theme\/MDXComponents'\)/);
  // The server's render, with the components, still stops at a missing one.
  assert.doesNotMatch(withDetails, /if \(!Details\)/);
  assert.match(
    splitIslands(source, {compiler: 'server', runtime}),
    /if \(!Details\) _missingMdxReference/,
  );
});

/**
 * The server's module for `mdx`, with each island's and slot's element as
 * the tag it wraps: `<Island>` and `<Slot>` in the order they open.
 * @param {string} mdx
 * @param {{liveElements?: string[]}} [options]
 */
async function serverMarks(mdx, {liveElements} = {}) {
  const server = splitIslands(await compiled(mdx), {
    compiler: 'server',
    runtime,
    liveElements,
  });
  return [
    ...server.matchAll(
      /_jsx\((__Island|__Slot), \{id: \d+, children: \[?\s*_jsxs?\(([^,]+),/g,
    ),
  ].map(([, mark, wrapped]) => `${mark.slice(2)} ${wrapped}`);
}

const row = `import Row from './Row';
import Item from './Item';
`;

test('an island whose parent HTML restricts is its nearest ancestor that may hold one: a table, a list, a definition list, a select', async () => {
  assert.deepEqual(
    await serverMarks(`${row}
<table>
  <tbody>
    <tr><td>Written</td></tr>
    <Row name="interval" />
  </tbody>
</table>

<ul>
  <li>Written</li>
  <Item>From a component</Item>
</ul>

<dl>
  <Item>Term</Item>
</dl>

<select>
  {['a', 'b'].map((name) => <option key={name}>{name}</option>)}
</select>
`),
    ['Island "table"', 'Island "ul"', 'Island "dl"'],
  );
});

test('in an island, a slot stands only where its element may: in a cell or an item, not in a row, a list or a paragraph, nor in a title', async () => {
  const marks = await serverMarks(`${row}
<Item>
  <table><tbody><tr><td>**Cell** text</td></tr></tbody></table>
</Item>

<details>
  <summary>Summary</summary>
  <p>
    Text on a line of its own, which MDX makes a paragraph in the paragraph.
  </p>
</details>

<head>
  <title>A title of its own</title>
</head>
`);
  assert.ok(!marks.some((mark) => /Slot "(table|tbody|tr|title)"/.test(mark)));
  assert.ok(
    marks.includes('Slot "td"') ||
      marks.some((m) => m.startsWith('Slot _components.strong')),
    marks.join(),
  );
  // The paragraph in the paragraph stays as code; the text in it is no slot either.
  assert.ok(!marks.some((mark) => mark === 'Slot _components.p'), marks.join());
});

test('an island a paragraph holds stays in it when it is an element a paragraph may hold; a component makes the paragraph the island', async () => {
  assert.deepEqual(
    await serverMarks(`${row}
Text with <span onClick={() => {}}>a live span</span> in it.

Text with <Item>a component</Item> in it.
`),
    ['Island "span"', 'Island _components.p'],
  );
});

test("an element Markdown makes that the site's theme maps to a component the split cannot prove static is an island, which loads the site's MDX components; the others stay static", async () => {
  const mdx = `## A heading

Prose with ![an image](./pic.png) in it.

> A quote.

\`\`\`yaml
project: built
\`\`\`
`;
  const liveElements = ['h2', 'img', 'code'];
  assert.deepEqual(
    await serverMarks(mdx, {liveElements}),
    [
      'Island _components.h2',
      'Island _components.img',
      'Island _components.code',
    ],
    'the heading and the image are islands; the code block, not highlighted here, is as well',
  );
  // The heading's text is the build's: a slot.
  assert.match(
    splitIslands(await compiled(mdx), {
      compiler: 'server',
      runtime,
      liveElements,
    }),
    /_jsx\(__Slot, \{id: 0, children: \["A heading"\]\}\)/,
  );
  const client = splitIslands(await compiled(mdx), {
    compiler: 'client',
    runtime,
    liveElements,
  });
  assert.match(client, /_jsx\(_components\.h2, \{/);
  assert.match(client, /__loadComponents/);
  assert.doesNotMatch(client, /A heading|A quote/);
  assert.deepEqual(await serverMarks(mdx), []);
});

test("a code block the build highlighted stays static unless the theme's code or pre is the site's own", async () => {
  const mdx =
    '<pre><code highlightedHtml="<span>x</span>">x</code></pre>\n\nText.\n';
  // Markdown's pre and code, as the code-blocks plugin leaves them.
  const markdown = (await compiled(mdx)).replace(
    /_jsx\("(pre|code)"/g,
    '_jsx(_components.$1',
  );
  /** @param {string[]} liveElements */
  const islandsWith = (liveElements) =>
    splitIslands(markdown, {compiler: 'server', runtime, liveElements}).match(
      /_jsx\(__Island, /g,
    )?.length ?? 0;
  assert.equal(islandsWith([]), 0);
  assert.equal(islandsWith(['code']), 1);
  assert.equal(islandsWith(['pre']), 1);
});

test("a content id does not depend on the loaders a build's MDX loader gives a file's require, and does on the elements that are islands", async () => {
  const mdx = "<img alt='a picture' src={require('./pic.svg').default} />\n";
  const withLoaders = async (/** @type {string} */ loaders) =>
    (await compiled(mdx)).replace(
      "require('./pic.svg')",
      `require("${loaders}./pic.svg")`,
    );
  const [client] = contentIds(
    splitIslands(
      await withLoaders(
        '!/url-loader?limit=10000&name=a&fallback=/file-loader!',
      ),
      {
        compiler: 'client',
        runtime,
      },
    ),
  );
  const [server] = contentIds(
    splitIslands(
      await withLoaders(
        '!/url-loader?limit=10000&name=a&fallback=/file-loader&emitFile=false!',
      ),
      {compiler: 'server', runtime},
    ),
  );
  assert.ok(client);
  assert.equal(server, client);
  const [withLiveImages] = contentIds(
    splitIslands(await withLoaders('!/file-loader!'), {
      compiler: 'server',
      runtime,
      liveElements: ['img'],
    }),
  );
  assert.notEqual(withLiveImages, client);
});

test('an admonition that is an island keeps its title as the element the theme looks for, its text a slot', async () => {
  const server = splitIslands(
    (await compiled('text')).replace(
      /return _jsx\([^]*?\);\n\}/,
      'return _jsx(_components.admonition, {type: "tip", children: [_jsx(_components.mdxAdmonitionTitle, {children: "A title"}), _jsx(_components.p, {children: "Prose."})]});\n}',
    ),
    {compiler: 'server', runtime, liveElements: ['admonition']},
  );
  assert.match(
    server,
    /_jsx\(_components\.mdxAdmonitionTitle, \{\s*children: _jsx\(__Slot/,
  );
});
