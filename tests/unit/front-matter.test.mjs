import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  frontMatter,
  headings,
  markdownFiles,
  readMarkdown,
} from '../docs/markdown.mjs';

/** @typedef {{level: number, text: string, line: number}} Heading */

// Every page needs a title (the browser tab, the sidebar) and a description
// (search results, link previews); exactly these two docs are drafts.
const pages = [...markdownFiles('docs'), ...markdownFiles('src/pages')];
const drafts = [
  'docs/integrations/subgraph.md',
  'docs/tutorials/update-node-key.md',
];

test('every doc and Markdown page has a title and a description in its front matter', () => {
  const problems = pages.flatMap((file) => {
    const data = frontMatter(readMarkdown(file));
    if (!data) return [`${file}: no front matter`];
    return ['title', 'description'].flatMap((key) =>
      typeof data[key] === 'string' && data[key].trim().length > 0
        ? []
        : [`${file}: no ${key} in the front matter`],
    );
  });
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('every page has exactly one h1, and it comes first', () => {
  const problems = pages.flatMap((file) => {
    /** @type {Heading[]} */
    const [first, ...rest] = headings(readMarkdown(file));
    return [
      ...(first?.level === 1
        ? []
        : [`${file}: the first heading is not an h1`]),
      ...rest
        .filter((heading) => heading.level === 1)
        .map((heading) => `${file}:${heading.line}: a second h1`),
    ];
  });
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('exactly the two draft docs are marked draft', () => {
  const marked = markdownFiles('docs').filter(
    (file) => frontMatter(readMarkdown(file))?.draft === true,
  );
  assert.deepEqual(marked, drafts);
});

test('headings stop at h3, the deepest level the table of contents shows', () => {
  const problems = pages.flatMap((file) =>
    /** @type {Heading[]} */ (headings(readMarkdown(file)))
      .filter((heading) => heading.level > 3)
      .map(
        (heading) =>
          `${file}:${heading.line}: "${heading.text}" is an h${heading.level}`,
      ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});
