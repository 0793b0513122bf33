// What the WebMCP tools know of the docs (src/webmcp/docs.ts): the pages
// llms.txt lists, and a section of a Markdown copy by its heading's id.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {importTypeScript} from '../support/typescript-module.mjs';

const {parseLlmsTxt, pagePath, markdownHeadings, markdownSection, findDoc} =
  await importTypeScript('src/webmcp/docs.ts');

const llmsTxt = `# Nodekeeper Documentation

> A summary, with a [link](https://example.com/x.md) that is not a page.

## Docs

- [Introduction](https://docs.example/docs/intro.md): What it does.

## Projects

- [The \\[beta\\] CLI](https://docs.example/sub/docs/projects/cli.md): Every command.

## Site pages

- [Home](https://docs.example/index.md)
`;

test('the pages llms.txt lists, with their titles, paths on this site, descriptions and sections', () => {
  assert.deepEqual(parseLlmsTxt(llmsTxt), [
    {
      title: 'Introduction',
      path: '/docs/intro',
      description: 'What it does.',
      section: 'Docs',
    },
    {
      title: 'The [beta] CLI',
      path: '/sub/docs/projects/cli',
      description: 'Every command.',
      section: 'Projects',
    },
    {title: 'Home', path: '/', description: '', section: 'Site pages'},
  ]);
});

test("a Markdown copy's address gives its page's path, an index its folder's", () => {
  assert.equal(pagePath('https://docs.example/docs/intro.md'), '/docs/intro');
  assert.equal(pagePath('/docs/reindex.md'), '/docs/reindex');
  assert.equal(pagePath('/docs/index.md'), '/docs/');
  assert.equal(pagePath('/docs/intro'), '/docs/intro');
});

test('a page is found by its path, with or without .md or a trailing slash, or by its URL; anything else is not', () => {
  const docs = parseLlmsTxt(llmsTxt);
  assert.equal(findDoc(docs, '/docs/intro')?.title, 'Introduction');
  assert.equal(findDoc(docs, '/docs/intro.md')?.title, 'Introduction');
  assert.equal(findDoc(docs, '/docs/intro/')?.title, 'Introduction');
  assert.equal(
    findDoc(docs, 'http://127.0.0.1:3000/docs/intro')?.title,
    'Introduction',
  );
  assert.equal(findDoc(docs, '/')?.title, 'Home');
  for (const bad of ['/docs/nothing', '', 42, undefined, null, {}])
    assert.equal(findDoc(docs, bad), undefined);
});

const markdown = `# CLI reference

Intro.

## Install

\`\`\`bash
## not a heading: a comment in a fence
\`\`\`

### From npm

Text.

## Sign in

Last.
`;

const onPage = [
  {level: 2, id: 'install'},
  {level: 3, id: 'from-npm'},
  {level: 2, id: 'sign-in'},
];

test("the headings of a Markdown copy below its title, leaving out fenced code's lines", () => {
  assert.deepEqual(markdownHeadings(markdown), [
    {level: 2, line: 4},
    {level: 3, line: 10},
    {level: 2, line: 14},
  ]);
});

test('a section runs from its heading to the next heading at its level or above, with its subsections', () => {
  assert.equal(
    markdownSection(markdown, onPage, 'install'),
    '## Install\n\n```bash\n## not a heading: a comment in a fence\n```\n\n### From npm\n\nText.\n',
  );
  assert.equal(
    markdownSection(markdown, onPage, 'from-npm'),
    '### From npm\n\nText.\n',
  );
  assert.equal(
    markdownSection(markdown, onPage, 'sign-in'),
    '## Sign in\n\nLast.\n',
  );
});

test('no section for an id the page lacks, or a copy whose headings are not the page’s', () => {
  assert.equal(markdownSection(markdown, onPage, 'nothing'), undefined);
  assert.equal(
    markdownSection(markdown, onPage.slice(0, 2), 'install'),
    undefined,
  );
  assert.equal(
    markdownSection(
      markdown,
      [onPage[0], {level: 2, id: 'from-npm'}, onPage[2]],
      'from-npm',
    ),
    undefined,
  );
});
