import assert from 'node:assert/strict';
import {mkdtemp, mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, test} from 'node:test';
import {
  llmsFullTxt,
  llmsTxt,
  markdownPath,
  sidebarSections,
  sourceCopy,
} from '../../plugins/outputs/llms-txt/index.mjs';
import {
  docToMarkdown,
  docusaurusReading,
} from '../../plugins/outputs/llms-txt/markdown.mjs';
import magicComments from '../../src/magic-comments.json' with {type: 'json'};
import {tempDirSync} from '../support/temp-dir.mjs';

const origin = 'https://docs.example.com';

// The docs folders of the file's tests, removed once they have run.
const sites = tempDirSync(after, 'llms-txt-');

/**
 * A docs folder with a guide, a reference beside it and an image, and the converter's arguments for the guide.
 * @param {string} baseUrl
 */
async function site(baseUrl) {
  const docs = await mkdtemp(path.join(sites, 'docs-'));
  await mkdir(path.join(docs, 'guides/img'), {recursive: true});
  await writeFile(path.join(docs, 'guides/img/diagram.svg'), '<svg/>');
  await writeFile(
    path.join(docs, 'guides/example.yaml'),
    'version: 1\nproject: from-a-file\n',
  );
  const urls = {
    [path.join(docs, 'guides/setup.md')]:
      `${origin}${baseUrl}docs/guides/setup`,
    [path.join(docs, 'reference.md')]: `${origin}${baseUrl}docs/reference`,
  };
  return {
    file: path.join(docs, 'guides/setup.md'),
    title: 'Set up',
    url: urls[path.join(docs, 'guides/setup.md')],
    origin,
    baseUrl,
    /** @param {string} file */
    urlOfDoc: (file) => urls[file],
    magicComments,
  };
}

/**
 * @param {string} source
 * @param {string} [baseUrl]
 */
const convert = async (source, baseUrl = '/') =>
  docToMarkdown({...(await site(baseUrl)), source});

test('front matter, imports, exports and MDX comments are left out, and the title becomes the H1', async () => {
  const {markdown} = await convert(
    [
      '---',
      'title: Set up',
      'description: How to set up.',
      '---',
      '',
      "import Tabs from '@theme/Tabs';",
      'export const answer = 42;',
      '',
      '{/* A note for writers. */}',
      '',
      'Some text.',
      '',
    ].join('\n'),
  );
  assert.equal(markdown, '# Set up\n\nSome text.\n');
});

test("a doc's own H1 stays the only one, and heading IDs are left out", async () => {
  const {markdown} = await convert(
    '---\ntitle: Other\n---\n\n# Set it up\n\n## Install {#install}\n\nText.\n',
  );
  assert.equal(markdown, '# Set it up\n\n## Install\n\nText.\n');
});

test("code blocks keep their language, title and code as the page shows it: without the highlighter's marks, taken from its file", async () => {
  const {markdown} = await convert(
    [
      '```yaml title="nodekeeper.yaml" {2} showLineNumbers',
      'version: 1',
      'project: demo',
      '```',
      '',
      '```js',
      '// highlight-start',
      'const a = 1;',
      '// highlight-end',
      '// error-next-line',
      'const b = a();',
      '```',
      '',
      '```yaml title="example.yaml" file=./example.yaml#L2',
      '```',
      '',
      '```',
      'plain',
      '```',
    ].join('\n'),
  );
  assert.equal(
    markdown,
    '# Set up\n\n```yaml title="nodekeeper.yaml"\nversion: 1\nproject: demo\n```\n\n```js\nconst a = 1;\nconst b = a();\n```\n\n```yaml title="example.yaml"\nproject: from-a-file\n```\n\n```\nplain\n```\n',
  );
});

test('admonitions become blockquotes that name their type, with their title', async () => {
  const {markdown} = await convert(
    [
      ':::danger Deleting a project cannot be undone',
      '',
      'It removes the history.',
      '',
      'Export it first.',
      '',
      ':::',
      '',
      ':::tip',
      '',
      'Use `plan` first.',
      '',
      ':::',
      '',
      ':::note[Bracketed title]',
      'Body.',
      ':::',
    ].join('\n'),
  );
  assert.equal(
    markdown,
    [
      '# Set up',
      '',
      '> **Danger: Deleting a project cannot be undone**',
      '>',
      '> It removes the history.',
      '>',
      '> Export it first.',
      '',
      '> **Tip:** Use `plan` first.',
      '',
      '> **Note: Bracketed title**',
      '>',
      '> Body.',
      '',
    ].join('\n'),
  );
});

test('tabs become sections headed by their labels, one level below the heading they are under', async () => {
  const {markdown} = await convert(
    [
      '## Install',
      '',
      '<Tabs>',
      '  <TabItem value="npm" label="npm">',
      '',
      '```bash',
      'npm install --global @nodekeeper/cli',
      '```',
      '',
      '  </TabItem>',
      '  <TabItem value="brew">',
      '',
      'Run `brew install nodekeeper`.',
      '',
      '  </TabItem>',
      '</Tabs>',
    ].join('\n'),
  );
  assert.equal(
    markdown,
    '# Set up\n\n## Install\n\n### npm\n\n```bash\nnpm install --global @nodekeeper/cli\n```\n\n### brew\n\nRun `brew install nodekeeper`.\n',
  );
});

for (const baseUrl of ['/', '/sub/']) {
  test(`links and images become absolute URLs of the site under ${baseUrl}`, async () => {
    const root = `${origin}${baseUrl}`;
    const guide = await site(baseUrl);
    const {markdown, assets} = docToMarkdown({
      ...guide,
      source: [
        '[reference](../reference.md#keys), [again](../reference.md), [here](#install), [intro](/docs/intro#why),',
        '[schema](pathname:///schemas/nodekeeper.schema.json), [GitHub](https://github.com/nodekeeper), [mail](mailto:a@example.com),',
        `[already based](${baseUrl}docs/intro) and [ref][r].`,
        '',
        '![A diagram](./img/diagram.svg) ![The logo](/img/logo.svg)',
        '',
        '[r]: ./page-relative',
      ].join('\n'),
    });
    const links = [...markdown.matchAll(/\]\(([^)]+)\)|^\[r\]: (.+)$/gm)].map(
      ([, inline, definition]) => inline ?? definition,
    );
    assert.deepEqual(links, [
      `${root}docs/reference#keys`,
      `${root}docs/reference`,
      `${root}docs/guides/setup#install`,
      `${root}docs/intro#why`,
      `${root}schemas/nodekeeper.schema.json`,
      'https://github.com/nodekeeper',
      'mailto:a@example.com',
      `${root}docs/intro`,
      `${root}docs/guides/img/diagram.svg`,
      `${root}img/logo.svg`,
      `${root}docs/guides/page-relative`,
    ]);
    // The image beside the doc is served beside its copy.
    assert.deepEqual(assets, [
      {
        file: path.join(path.dirname(guide.file), 'img/diagram.svg'),
        url: `${root}docs/guides/img/diagram.svg`,
      },
    ]);
  });
}

test('prose that reads as a directive, and directives the site does not know, stay as written', async () => {
  const {markdown} = await convert(
    'Mix at 1:a, then [mail](mailto:a@example.com).\n\n:::details\n\nInside.\n\n:::\n',
  );
  assert.equal(
    markdown,
    '# Set up\n\nMix at 1:a, then [mail](mailto:a@example.com).\n\nInside.\n',
  );
});

test('admonitions directly in a tab, in details in a tab and around tabs become blockquotes', async () => {
  const {markdown} = await convert(
    [
      '::::tip[Tabs in a tip]',
      '',
      '<Tabs>',
      '  <TabItem value="a" label="Warned">',
      '',
      ':::warning',
      '',
      'Directly in a tab.',
      '',
      ':::',
      '',
      '<details>',
      '  <summary>In details</summary>',
      '',
      ':::note',
      '',
      'In details in a tab.',
      '',
      ':::',
      '',
      '</details>',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      '::::',
      '',
    ].join('\n'),
  );
  assert.match(markdown, /> \*\*Tip: Tabs in a tip\*\*/);
  assert.match(
    markdown,
    /> ## Warned\n>\n> > \*\*Warning:\*\* Directly in a tab\./,
  );
  assert.match(markdown, /> {3}> \*\*Note:\*\* In details in a tab\./);
  assert.doesNotMatch(markdown, /:::/);
});

test("a link to a Markdown file that is no published doc goes where the page's link goes, for the build to reject", async () => {
  const {markdown} = await convert('See [the draft](./draft.md).');
  assert.equal(
    markdown,
    `# Set up\n\nSee [the draft](${origin}/docs/guides/draft.md).\n`,
  );
});

test('a doc that is not valid MDX fails, naming the file and line', async () => {
  await assert.rejects(
    convert('Text.\n\n<div>\n'),
    /guides\/setup\.md: cannot read the doc as MDX: .*\(3:1/,
  );
});

test("a code block whose file= names no file or lines of it fails the doc's copy, naming the file and line", async () => {
  await assert.rejects(
    convert('Text.\n\n```yaml file=./missing.yaml\n```\n'),
    /guides\/setup\.md:3: cannot write its Markdown copy: file=\.\/missing\.yaml: there is no file/,
  );
  await assert.rejects(
    convert('Text.\n\nMore.\n\n```yaml file=./example.yaml#L9\n```\n'),
    /guides\/setup\.md:5: cannot write its Markdown copy: file=\.\/example\.yaml#L9: #L9 is not a range/,
  );
});

test('each page has its copy at its URL plus .md, under the base URL', () => {
  assert.equal(
    markdownPath('/docs/projects/yaml', '/'),
    'docs/projects/yaml.md',
  );
  assert.equal(
    markdownPath('/sub/docs/projects/yaml', '/sub/'),
    'docs/projects/yaml.md',
  );
  assert.equal(
    markdownPath('/sub/docs/projects/', '/sub/'),
    'docs/projects/index.md',
  );
  assert.equal(markdownPath('/', '/'), 'index.md');
});

test('the sidebar gives one section a top-level category, in order, and one for each run of docs outside them', () => {
  // Of a sidebar item, the sections read only these.
  const sidebar =
    /** @type {import('../../plugins/outputs/llms-txt/index.mjs').Sidebar} */ ([
      {type: 'doc', id: 'intro'},
      {type: 'link', href: 'https://example.com', label: 'Elsewhere'},
      {
        type: 'category',
        label: 'Projects',
        link: {type: 'doc', id: 'projects/overview'},
        items: [
          {type: 'doc', id: 'projects/intro'},
          {
            type: 'category',
            label: 'Reference',
            link: {type: 'generated-index', slug: '/x'},
            items: [{type: 'doc', id: 'projects/yaml'}],
          },
          {type: 'html', value: '<hr>'},
        ],
      },
      {
        type: 'category',
        label: 'Empty',
        items: [{type: 'link', href: '/x', label: 'X'}],
      },
      {type: 'ref', id: 'faq'},
    ]);
  assert.deepEqual(sidebarSections(sidebar, 'Docs'), [
    {label: 'Docs', docIds: ['intro']},
    {
      label: 'Projects',
      docIds: ['projects/overview', 'projects/intro', 'projects/yaml'],
    },
    {label: 'Docs', docIds: ['faq']},
  ]);
});

test('llms.txt has the name, the summary, and a section of links to the copies per sidebar section', () => {
  const text = llmsTxt({
    title: 'Nodekeeper Documentation',
    summary: 'Monitors\nnodes.',
    sections: [
      {
        label: 'Docs',
        docs: [
          {
            title: 'Introduction',
            markdownUrl: `${origin}/docs/intro.md`,
            description: 'What it does.',
          },
        ],
      },
      {
        label: 'Projects',
        docs: [
          {
            title: 'The [beta] file',
            markdownUrl: `${origin}/docs/yaml.md`,
            description: '',
          },
        ],
      },
    ],
  });
  assert.equal(
    text,
    [
      '# Nodekeeper Documentation',
      '',
      '> Monitors nodes.',
      '',
      '## Docs',
      '',
      `- [Introduction](${origin}/docs/intro.md): What it does.`,
      '',
      '## Projects',
      '',
      `- [The \\[beta\\] file](${origin}/docs/yaml.md)`,
      '',
    ].join('\n'),
  );
});

test('llms-full.txt has the name, the summary, then each doc in the order given', () => {
  const text = llmsFullTxt({
    title: 'Site',
    summary: 'About.',
    docs: [{markdown: '# One\n\nA.\n'}, {markdown: '# Two\n'}],
  });
  assert.equal(text, '# Site\n\n> About.\n\n# One\n\nA.\n\n# Two\n');
});

test('a doc is read as the docs plugin reads it: HTML comments left out, a .md file as Markdown where the config says so, the configured admonition keywords', async () => {
  const doc = await site('/');
  const source = [
    '# Set up',
    '',
    '<!-- prettier-ignore -->',
    '| Key | Default |',
    '|--|--|',
    '| `interval` | 30s |',
    '',
    ':::compat[A custom type]',
    'Its body.',
    ':::',
    '',
  ].join('\n');
  const {markdown} = docToMarkdown({
    ...doc,
    source,
    reading: {...docusaurusReading, admonitions: {keywords: ['compat']}},
  });
  assert.doesNotMatch(markdown, /prettier-ignore|<!--/);
  assert.match(markdown, /\| `interval` \| 30s \|/);
  assert.match(markdown, /> \*\*Compat: A custom type\*\*\n>\n> Its body\./);

  // As Markdown (format: 'md'), an unclosed brace is text, and HTML stays.
  const {markdown: asMarkdown} = docToMarkdown({
    ...doc,
    source: '# Set up\n\nA set {like this and <kbd>Ctrl</kbd>.\n',
    reading: {...docusaurusReading, format: 'detect'},
  });
  assert.match(asMarkdown, /A set \\?\{like this and <kbd>Ctrl<\/kbd>\./);
});

test('a page whose copy cannot be made keeps its source as its copy', () => {
  assert.equal(
    sourceCopy('---\ntitle: Set up\n---\n\nSome {broken text.\n', 'Set up'),
    '# Set up\n\nSome {broken text.\n',
  );
});
